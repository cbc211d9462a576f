import type { Assignment } from '@evalua/contracts';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useEvaluationIdOfEach } from './api/collaborator-evaluation';
import { useAssigned } from './api/people';
import { useEvaluated } from './api/results';
import { CollaboratorList, type RowStatus } from './CollaboratorList';
import { EvaluationPanel } from './EvaluationPanel';

const t = messages.evaluationForm;
/** SPEC §9: success messages hide after 3 seconds. */
const SUCCESS_MS = 3000;

interface Props {
  evaluatorId: number;
  /** The evaluator's name when an admin acts for them; absent for the evaluator themself. */
  evaluatorName?: string;
}

/** One evaluator's collaborators, and the evaluation of the one picked. */
export function EvaluatorWorkspace({ evaluatorId, evaluatorName }: Props) {
  const assigned = useAssigned(evaluatorId);
  const evaluated = useEvaluated(evaluatorId);
  const evaluationIds = useEvaluationIdOfEach(assigned.data ?? []);
  const [selected, setSelected] = useState<Assignment | null>(null);
  const [succeeded, setSucceeded] = useState(0);
  const listTitleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (succeeded === 0) return;
    const timer = window.setTimeout(() => setSucceeded(0), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  /** Evaluated = a result exists for the evaluation the form would use for that person. */
  const statusOf = (a: Assignment): RowStatus => {
    if (!evaluated.data && !evaluated.isError) return 'checking';
    const evaluationId = evaluationIds.get(a.collaborator_id);
    if (evaluationId === undefined) return 'checking';
    const done = evaluated.data?.some(
      (r) => r.collaborator_id === a.collaborator_id && r.evaluation_id === evaluationId,
    );
    return done ? 'evaluated' : 'pending';
  };

  const submitted = () => {
    setSelected(null);
    setSucceeded((n) => n + 1);
    listTitleRef.current?.focus();
  };

  const rows = assigned.data ?? [];
  const allDone = rows.length > 0 && rows.every((a) => statusOf(a) === 'evaluated');

  return (
    <Stack gap="lg">
      {succeeded > 0 && (
        <Alert color="green" role="status">
          {t.submitted}
        </Alert>
      )}
      <Title order={2} ref={listTitleRef} tabIndex={-1}>
        {evaluatorName ? `Colaboradores de ${evaluatorName}` : 'Tus colaboradores asignados'}
      </Title>
      {assigned.isPending && <Loader role="status" aria-label="Cargando colaboradores" />}
      {assigned.isError && (
        <Alert color="red" role="alert">
          {t.assignmentsError}
        </Alert>
      )}
      {evaluated.isError && (
        <Alert color="red" role="alert">
          {t.evaluatedError}
        </Alert>
      )}
      {assigned.data && rows.length === 0 && (
        <Text>{evaluatorName ? t.noAssignmentsFor : t.noAssignments}</Text>
      )}
      {rows.length > 0 && (
        <CollaboratorList
          assignments={rows}
          statusOf={statusOf}
          onEvaluate={(a) => {
            setSucceeded(0);
            setSelected(a);
          }}
        />
      )}
      {allDone && !evaluatorName && <Text>{t.allEvaluated}</Text>}
      {selected && (
        <EvaluationPanel
          key={selected.id}
          evaluatorId={evaluatorId}
          collaborator={selected}
          onClose={() => setSelected(null)}
          onSubmitted={submitted}
        />
      )}
    </Stack>
  );
}
