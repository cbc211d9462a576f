import type { UserListRow } from '@evalua/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useChangeEvaluators } from './api/evaluatee';
import { CandidateList } from './CandidateList';
import { serverErrorOr } from './format';

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

/** Name search, the checklist, and Cancelar / Guardar. */
export function EvaluatorsPicker({ evaluationId, evaluatee, allowSelf, initial, onClose }: Props) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(initial));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const change = useChangeEvaluators(evaluationId, evaluatee.id);

  const toggle = (id: number, checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = async () => {
    const diff = selectionChange(initial, selected);
    if (diff.add.length === 0 && diff.remove.length === 0) return onClose();
    try {
      await change.mutateAsync(diff);
      notify.success(t.saved(evaluatee.name));
      onClose();
    } catch (err) {
      window.alert(serverErrorOr(err, t.saveError));
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
        evaluationId={evaluationId}
        evaluatee={evaluatee}
        allowSelf={allowSelf}
        q={q}
        selected={selected}
        onToggle={toggle}
      />
      <Text size="sm" aria-live="polite">
        {t.selected(selected.size)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={change.isPending}>
          Cancelar
        </Button>
        <Button onClick={() => void save()} loading={change.isPending}>
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}
