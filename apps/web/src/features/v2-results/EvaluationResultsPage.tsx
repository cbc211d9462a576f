import { Anchor, Group, Loader, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { errorText, failedWith } from '../../api/errors';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { useResultsEvaluation, useSummary } from './api/summary';
import { EvaluateeList } from './EvaluateeList';
import { EvaluationLine } from './EvaluationLine';
import { parseId } from './format';
import { NotReleasedNotice } from './NotReleasedNotice';
import { RelationCompletionTable } from './RelationCompletionTable';
import { SummaryCards } from './SummaryCards';

const t = messages.v2Results;

/**
 * The distribution chart (@mantine/charts, ~110 kB) loads only when there are figures to draw: the
 * page opens within its budget, and before the close it never loads (decision 028).
 */
const DistributionChart = lazy(() =>
  import('./DistributionChart').then((m) => ({ default: m.DistributionChart })),
);

function EvaluationResults({ id }: { id: number }) {
  const evaluation = useResultsEvaluation(id);
  const summary = useSummary(id);
  const e = evaluation.data;
  const s = summary.data;
  const missing = failedWith(evaluation.error, 404);
  return (
    <>
      {evaluation.isPending && <Loader role="status" aria-label="Cargando evaluación" size="sm" />}
      {evaluation.isError && (
        <ErrorBanner>{errorText(evaluation.error, t.evaluationError, [404])}</ErrorBanner>
      )}
      {e && <EvaluationLine name={e.name} period={e.period} status={e.status} />}
      {!missing && (
        <>
          {summary.isPending && <Loader role="status" aria-label="Cargando resumen" />}
          {summary.isError && <ErrorBanner>{t.summaryError}</ErrorBanner>}
          {s && (
            <>
              {/* Before the close HR follows the progress; the figures are published at close. */}
              {s.released === false && <NotReleasedNotice note={t.summaryNotReleased} />}
              <SummaryCards summary={s} />
              <RelationCompletionTable rows={s.by_relation} withAverage={s.released !== false} />
              {s.released !== false && (
                <Suspense fallback={<Loader role="status" aria-label="Cargando distribución" size="sm" />}>
                  <DistributionChart bands={s.distribution} />
                </Suspense>
              )}
            </>
          )}
          <EvaluateeList evaluationId={id} />
        </>
      )}
    </>
  );
}

/** Resultados 360 of one evaluation (/evaluations-v2/{id}/results): admin and HR. */
export default function EvaluationResultsPage() {
  const title = useScreenTitle();
  const id = parseId(useParams().id);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group>
        <Anchor component={Link} to="/evaluations-v2">
          Volver a Evaluaciones 360
        </Anchor>
        {id !== null && (
          <Anchor component={Link} to={`/evaluations-v2/${id}/insight`}>
            Análisis 360
          </Anchor>
        )}
        {id !== null && (
          <Anchor component={Link} to={`/evaluations-v2/${id}/publicacion`}>
            Publicación de resultados
          </Anchor>
        )}
      </Group>
      {id === null ? <ErrorBanner>{t.evaluationError}</ErrorBanner> : <EvaluationResults id={id} />}
    </Stack>
  );
}
