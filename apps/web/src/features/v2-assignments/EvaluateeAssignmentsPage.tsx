import type { UserListRow } from '@evalua/contracts';
import { Paper, Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';
import { useV2Evaluation } from './api/evaluation';
import { EvaluationHeader } from './EvaluationHeader';
import { EvaluatorsModal } from './EvaluatorsModal';
import { parseId } from './format';
import { PeopleTable } from './PeopleTable';

/**
 * 'Asignaciones (V2) — Evaluación #id' (/v2/assignments/{evaluationId}): every user, and per user a
 * modal to tick their evaluators (SPEC §2).
 */
export default function EvaluateeAssignmentsPage() {
  const raw = useParams().evaluationId;
  const id = parseId(raw);
  const evaluation = useV2Evaluation(id);
  const [evaluatee, setEvaluatee] = useState<UserListRow | null>(null);
  const close = useCallback(() => setEvaluatee(null), []);
  const title = `Asignaciones (V2) — Evaluación #${raw ?? ''}`;

  if (id === null)
    return (
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <ErrorBanner>{messages.v2Assignments.evaluationError}</ErrorBanner>
      </Stack>
    );
  return (
    <Stack gap="lg">
      <EvaluationHeader
        title={title}
        evaluation={evaluation}
        other={{ to: `/evaluations-v2/${id}/assignments`, label: 'Agregar asignaciones en lote' }}
      />
      {!evaluation.isError && (
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Usuarios
            </Title>
            <PeopleTable evaluationId={id} onAssign={setEvaluatee} />
          </Stack>
        </Paper>
      )}
      <EvaluatorsModal
        evaluationId={id}
        evaluatee={evaluatee}
        allowSelf={evaluation.data?.allow_self}
        onClose={close}
      />
    </Stack>
  );
}
