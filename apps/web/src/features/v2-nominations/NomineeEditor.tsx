import type { V2Nomination, V2NomineeRelation } from '@evalua/contracts';
import { Alert, Button, CloseButton, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { PeoplePicker } from './PeoplePicker';
import {
  RELATION_OPTIONS,
  addNominee,
  draftProblem,
  removeNominee,
  setRelation,
  toInput,
  type Draft,
} from './nominee-list';

interface Action {
  label: string;
  /** Whether the list must be within HR's range for it (sending, approving). */
  full: boolean;
  run: (list: ReturnType<typeof toInput>) => Promise<string>;
  variant?: 'filled' | 'light';
}

interface Props {
  nomination: V2Nomination;
  actions: Action[];
  readOnly?: boolean;
}

/**
 * A nomination's list of proposed raters: each with its relation (Par or Colaborador directo) and
 * 'Quitar', a people search to add more, the count against HR's range, and the actions.
 */
export function NomineeEditor({ nomination, actions, readOnly = false }: Props) {
  const [list, setList] = useState<Draft>(nomination.nominees);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const managerId = nomination.manager?.id ?? null;
  const rules = { evaluateeId: nomination.evaluatee.id, managerId, min: nomination.min, max: nomination.max };
  const problem = draftProblem(list, rules);

  const run = async (action: Action) => {
    setResult(null);
    if (action.full && problem) {
      setResult({ ok: false, text: problem });
      return;
    }
    setBusy(action.label);
    try {
      setResult({ ok: true, text: await action.run(toInput(list)) });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, 'No se pudo guardar la propuesta.') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Propuestos: {list.length} (entre {nomination.min} y {nomination.max}).
      </Text>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no hay evaluadores propuestos.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((n) => (
            <Paper key={n.id} withBorder p="xs" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {n.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[n.position, n.department].filter(Boolean).join(' · ') || '—'}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <NativeSelect
                    aria-label={`Relación de ${n.name}`}
                    data={RELATION_OPTIONS}
                    value={n.relation}
                    disabled={readOnly}
                    onChange={(e) =>
                      setList(setRelation(list, n.id, e.currentTarget.value as V2NomineeRelation))
                    }
                  />
                  {!readOnly && (
                    <CloseButton
                      aria-label={`Quitar a ${n.name}`}
                      onClick={() => setList(removeNominee(list, n.id))}
                    />
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {!readOnly && (
        <PeoplePicker
          label="Agregar evaluador"
          list={list}
          exclude={[nomination.evaluatee.id, managerId]}
          onPick={(person) => {
            setResult(null);
            setList(addNominee(list, person, 'peer'));
          }}
        />
      )}
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      )}
      {!readOnly && (
        <Group gap="sm">
          {actions.map((a) => (
            <Button
              key={a.label}
              variant={a.variant ?? 'filled'}
              loading={busy === a.label}
              disabled={busy !== null && busy !== a.label}
              onClick={() => void run(a)}
            >
              {a.label}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
