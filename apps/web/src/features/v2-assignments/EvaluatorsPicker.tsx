import type { UserListRow } from '@evalua/contracts';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useChangeEvaluators } from './api/evaluatee';
import { CandidateList } from './CandidateList';
import { errorText } from '../../api/errors';

const t = messages.v2Assignments;

interface Props {
  evaluationId: number;
  evaluatee: UserListRow;
  allowSelf: boolean | undefined;
  initial: readonly number[];
  onClose: () => void;
}

/** The difference between the new and the initial selection: what Guardar sends (SPEC §7). */
export function selectionChange(initial: readonly number[], selected: ReadonlySet<number>) {
  const before = new Set(initial);
  return {
    add: [...selected].filter((id) => !before.has(id)),
    remove: initial.filter((id) => !selected.has(id)),
  };
}

/**
 * Name search, the checklist, and Cancelar / Guardar. Unticking removes that evaluator's pending
 * assignment: when Guardar would remove any, it first asks, in place ('Volver' / 'Quitar y guardar').
 */
export function EvaluatorsPicker({ evaluationId, evaluatee, allowSelf, initial, onClose }: Props) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(initial));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const change = useChangeEvaluators(evaluationId, evaluatee.id);
  const [asking, setAsking] = useState<number | null>(null);
  // The question takes the focus when it shows; 'Volver' gives it back to Guardar.
  const questionRef = useRef<HTMLParagraphElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const backToSave = useRef(false);
  useEffect(() => {
    if (asking !== null) questionRef.current?.focus();
    else if (backToSave.current) {
      backToSave.current = false;
      saveRef.current?.focus();
    }
  }, [asking]);
  const back = () => {
    backToSave.current = true;
    setAsking(null);
  };

  const toggle = (id: number, checked: boolean) => {
    setAsking(null);
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const save = async (confirmed: boolean) => {
    const diff = selectionChange(initial, selected);
    if (diff.add.length === 0 && diff.remove.length === 0) return onClose();
    if (diff.remove.length > 0 && !confirmed) return setAsking(diff.remove.length);
    try {
      await change.mutateAsync(diff);
      notify.success(t.saved(evaluatee.name));
      onClose();
    } catch (err) {
      window.alert(errorText(err, t.saveError, 'client'));
    }
  };

  return (
    <Stack>
      <TextInput
        label="Buscar usuario"
        placeholder="Buscar usuario por nombre…"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
      />
      <CandidateList
        evaluatee={evaluatee}
        allowSelf={allowSelf}
        q={q}
        selected={selected}
        onToggle={toggle}
      />
      <Text size="sm" aria-live="polite">
        {t.selected(selected.size)}
      </Text>
      {asking === null ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Cancelar
          </Button>
          <Button ref={saveRef} onClick={() => void save(false)} loading={change.isPending}>
            Guardar
          </Button>
        </Group>
      ) : (
        <Paper withBorder p="sm" role="group" aria-label="Confirmar quitar evaluadores">
          <Stack gap="sm">
            <Text ref={questionRef} tabIndex={-1} fw={500}>
              {t.confirmRemoveEvaluators(asking, evaluatee.name)}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={back} disabled={change.isPending}>
                Volver
              </Button>
              <Button color="red" onClick={() => void save(true)} loading={change.isPending}>
                Quitar y guardar
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
