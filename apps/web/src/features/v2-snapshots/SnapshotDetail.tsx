import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { formatDateTime } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { useSnapshotDetail } from './api/snapshots';
import { CompletionDetailTable } from './CompletionDetailTable';
import { completionOnly } from './completion';
import { DetailTable } from './DetailTable';
import { detailErrorText } from './errors';
import { NONE } from './format';
import { SummaryView } from './SummaryView';

const t = messages.snapshots;

interface Props {
  evaluationId: number;
  snapshotId: number;
}

/**
 * One snapshot as it was frozen: who took it and when, its summary, and one row per evaluatee. A
 * snapshot of an open evaluation gives non-admins completion only (decision 023), and says so.
 */
export function SnapshotDetail({ evaluationId, snapshotId }: Props) {
  const detail = useSnapshotDetail(evaluationId, snapshotId);
  const d = detail.data;
  const progress = d ? completionOnly(d.summary) : false;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="snapshot-detail-title">
      <Stack>
        <Title order={2} id="snapshot-detail-title">
          {d ? `Detalle del snapshot «${d.snapshot.label}»` : `Detalle del snapshot ${snapshotId}`}
        </Title>
        {detail.isPending && <Loader role="status" aria-label="Cargando detalle del snapshot" />}
        {detail.isError && <ErrorBanner>{detailErrorText(detail.error)}</ErrorBanner>}
        {d && (
          <>
            <Text>
              ID {d.snapshot.id} · Tomado por {d.snapshot.created_by_name ?? NONE} el{' '}
              {formatDateTime(d.snapshot.created_at)} · Umbral de anonimato: {d.snapshot.anonymity_min_raters}{' '}
              evaluadores
            </Text>
            {d.snapshot.notes && <Text c="dimmed">{d.snapshot.notes}</Text>}
            {progress && (
              <Alert color="blue" role="status" title="Solo avance">
                {t.completionOnly}
              </Alert>
            )}
            {!progress && !d.snapshot.results_released && (
              <Text size="sm" c="dimmed">
                {t.adminNotReleased}
              </Text>
            )}
            <SummaryView summary={d.summary} order={3} name={d.snapshot.label} />
            <Title order={3} size="h5">
              {progress ? 'Avance por persona' : 'Resultados por persona'}
            </Title>
            {progress ? (
              <CompletionDetailTable rows={d.detail} label={d.snapshot.label} />
            ) : (
              <DetailTable
                rows={d.detail}
                minRaters={d.snapshot.anonymity_min_raters}
                label={d.snapshot.label}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
