import { v2EvaluationAllows } from '@evalua/contracts';
import { Grid, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';
import { useV2Evaluation } from './api/evaluation';
import { BatchPanel } from './BatchPanel';
import { CurrentAssignments } from './CurrentAssignments';
import { EvaluationHeader } from './EvaluationHeader';
import { FillManagersButton } from './FillManagersButton';
import { NominationsPanel } from './NominationsPanel';
import { parseId } from './format';

/**
 * 'Asignaciones 360 – Evaluación #id' (/evaluations-v2/{id}/assignments): the current assignments
 * on the left, the batch panel on the right (SPEC §2).
 */
export default function BatchAssignmentsPage() {
  const raw = useParams().id;
  const id = parseId(raw);
  const evaluation = useV2Evaluation(id);
  // Its assignments and nominations no longer change once its state forbids it (closed).
  const closed = evaluation.data !== undefined && !v2EvaluationAllows(evaluation.data.status).assign;
  const title = `Asignaciones 360 – Evaluación #${raw ?? ''}`;

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
        other={{ to: `/v2/assignments/${id}`, label: 'Asignar evaluadores por persona' }}
      />
      {!evaluation.isError && (
        // Side by side from 1408 px; below, one above the other, so that both tables (with their
        // relation and 'Quitar' controls, decision 035) stay tables on a 1366 px laptop.
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, xl: 7 }}>
            <CurrentAssignments evaluationId={id} closed={closed} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <Stack gap="lg">
              <BatchPanel evaluationId={id} allowSelf={evaluation.data?.allow_self} closed={closed} />
              <FillManagersButton evaluationId={id} closed={closed} />
              <NominationsPanel evaluationId={id} closed={closed} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
