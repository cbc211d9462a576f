import { LATEST_RESULT_MESSAGES } from '@evalua/contracts';
import { Alert, Box, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../api/session';
import { formatDate, formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { useLatestResult } from './api/history';
import { HistoryPanel } from './HistoryPanel';

const t = messages.history;

/** The logged-in user's latest result. */
function LatestResultCard({ userId }: { userId: number }) {
  const latest = useLatestResult(userId);
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Title order={3} size="h4">
          Último resultado
        </Title>
        {latest.isPending && <Loader role="status" aria-label="Cargando último resultado" />}
        {latest.isError && (
          <Alert color="red" role="alert">
            {t.latestError}
          </Alert>
        )}
        {latest.data === null && <Text>{LATEST_RESULT_MESSAGES.none}</Text>}
        {latest.data && (
          <>
            <Text fw={600}>{latest.data.evaluation_name}</Text>
            <Text fz={28} fw={700} lh={1.3}>
              {formatPercent(latest.data.overall_percentage)}
            </Text>
            <Text size="sm" c="dimmed">
              Resultado general · {formatDate(latest.data.created_at)}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Mi Historial de Evaluaciones (on /profile): the user's latest result, the trend of their overall
 * result and their evaluations, each linking to its full report.
 */
export function MyResults() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Box component="section" aria-labelledby="my-history-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="my-history-heading">
          Mi Historial de Evaluaciones
        </Title>
        <LatestResultCard userId={me.id} />
        <HistoryPanel
          userId={me.id}
          caption="Mis evaluaciones"
          emptyText={t.myEmpty}
          reportPath={(r) => `/report/${r.evaluation_id}/${me.id}`}
          chartHeadingOrder={3}
        />
      </Stack>
    </Box>
  );
}
