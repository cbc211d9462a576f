import {
  RELATION_LABELS,
  v2AssignmentAllows,
  type Relation,
  type UserListRow,
  type V2EvaluatorAssignment,
} from '@evalua/contracts';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useChangeEvaluators } from './api/evaluatee';
import { multipleManagersRefusal } from './batch';
import { CandidateList } from './CandidateList';
import { evaluatorChange, relationOf } from './evaluator-change';
import { RelationSelect } from './RelationSelect';
import { RaterStandingBadge } from '../../components/RaterStandingBadge';
import { errorText } from '../../api/errors';

const t = messages.v2Assignments;

interface Props {
  evaluationId: number;
  evaluatee: UserListRow;
  allowSelf: boolean | undefined;
  /** The evaluatee's assignments when the modal opened (the initial selection and relations). */
  initial: readonly V2EvaluatorAssignment[];
  onClose: () => void;
}

/** What Guardar asks before it goes on: removing evaluators, or a second manager (decision 023). */
type Question = { kind: 'remove'; count: number } | { kind: 'managers'; message: string };

/**
 * Name search, the checklist, each ticked evaluator's relation (Jefe, Par, Colaborador directo;
 * Autoevaluación for the person themself — decision 035), and Cancelar / Guardar. Unticking removes
 * that evaluator's pending assignment, and a second manager needs HR's word: Guardar first asks, in
 * place ('Volver' / the confirmation).
 */
export function EvaluatorsPicker({ evaluationId, evaluatee, allowSelf, initial, onClose }: Props) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set(initial.map((a) => a.evaluator_id)),
  );
  const [picked, setPicked] = useState<ReadonlyMap<number, Relation>>(() => new Map());
  // Names of the ticked evaluators (the assigned ones, and those ticked in the list).
  const [names, setNames] = useState<ReadonlyMap<number, string>>(
    () => new Map(initial.map((a) => [a.evaluator_id, a.evaluator_name])),
  );
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const change = useChangeEvaluators(evaluationId, evaluatee.id);
  const [asking, setAsking] = useState<Question | null>(null);
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

  const toggle = (user: UserListRow, checked: boolean) => {
    setAsking(null);
    setNames((prev) => new Map(prev).set(user.id, user.name));
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(user.id);
      else next.delete(user.id);
      return next;
    });
  };
  const pick = (id: number, relation: Relation) => {
    setAsking(null);
    setPicked((prev) => new Map(prev).set(id, relation));
  };

  const save = async (removalConfirmed: boolean, managersConfirmed: boolean) => {
    const diff = evaluatorChange(initial, selected, picked, evaluatee.id);
    if (diff.add.length === 0 && diff.remove.length === 0 && !diff.relations) return onClose();
    if (diff.remove.length > 0 && !removalConfirmed)
      return setAsking({ kind: 'remove', count: diff.remove.length });
    try {
      await change.mutateAsync(managersConfirmed ? { ...diff, allow_multiple_managers: true } : diff);
      notify.success(t.saved(evaluatee.name));
      onClose();
    } catch (err) {
      const question = managersConfirmed ? null : multipleManagersRefusal(err);
      if (question) setAsking({ kind: 'managers', message: question });
      else notify.error(errorText(err, t.saveError, 'client'));
    }
  };
  const byId = new Map(initial.map((a) => [a.evaluator_id, a]));

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
      <Stack gap="xs" role="group" aria-labelledby="relaciones-evaluadores">
        <Title order={3} size="h5" id="relaciones-evaluadores">
          {t.relationsTitle}
        </Title>
        {selected.size === 0 && <Text size="sm">{t.relationsEmpty}</Text>}
        {[...selected].map((id) => {
          const name = names.get(id) ?? `ID ${id}`;
          const relation = relationOf(id, evaluatee.id, initial, picked);
          const current = byId.get(id);
          // A completed request keeps the relation it was answered under (the server refuses a change).
          const locked = current !== undefined && !v2AssignmentAllows(current.status).change;
          const standing = current?.rater_standing;
          return (
            <Group key={id} justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                {standing && id !== evaluatee.id && <RaterStandingBadge standing={standing} />}
              </Group>
              {locked ? (
                <Text size="sm">{`${RELATION_LABELS[relation]} (completada)`}</Text>
              ) : (
                <RelationSelect
                  label={`Relación de ${name}`}
                  value={relation}
                  self={id === evaluatee.id}
                  disabled={change.isPending}
                  onChange={(r) => pick(id, r)}
                />
              )}
            </Group>
          );
        })}
      </Stack>
      {asking === null ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Cancelar
          </Button>
          <Button ref={saveRef} onClick={() => void save(false, false)} loading={change.isPending}>
            Guardar
          </Button>
        </Group>
      ) : (
        <Paper
          withBorder
          p="sm"
          role="group"
          aria-label={asking.kind === 'remove' ? 'Confirmar quitar evaluadores' : t.multipleManagersTitle}
        >
          <Stack gap="sm">
            <Text ref={questionRef} tabIndex={-1} fw={500}>
              {asking.kind === 'remove'
                ? t.confirmRemoveEvaluators(asking.count, evaluatee.name)
                : asking.message}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={back} disabled={change.isPending}>
                Volver
              </Button>
              {asking.kind === 'remove' ? (
                <Button color="red" onClick={() => void save(true, false)} loading={change.isPending}>
                  Quitar y guardar
                </Button>
              ) : (
                <Button onClick={() => void save(true, true)} loading={change.isPending}>
                  {t.multipleManagersConfirm}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
