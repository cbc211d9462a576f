import type { EvaluationHistoryRow } from '@evalua/contracts';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { errorText } from '../../api/errors';
import { messages } from '../../i18n/messages';
import { useEvaluationHistory } from './api/history';
import { HistoryTable } from './HistoryTable';
import { TrendChart } from './TrendChart';

const t = messages.history;

interface Props {
  userId: number;
  /** Whose history it is, for the table's caption ("Evaluaciones de Ana Pérez"). */
  caption: string;
  emptyText: string;
  reportPath: (row: EvaluationHistoryRow) => string;
  /** With the trend chart, under headings of this level; without it, just the table. */
  chartHeadingOrder?: 2 | 3;
}

/** One person's evaluation history: loading, error, empty, or the table (and the trend chart). */
export function HistoryPanel({ userId, caption, emptyText, reportPath, chartHeadingOrder }: Props) {
  const history = useEvaluationHistory(userId);
  if (history.isPending) return <Loader role="status" aria-label="Cargando historial de evaluaciones" />;
  if (history.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(history.error, t.loadError, [404])}
      </Alert>
    );
  }
  const rows = history.data;
  if (rows.length === 0) return <Text>{emptyText}</Text>;
  // As cards, each evaluation's heading sits one below the section's (h2 → h3; under the chart's
  // headings, one below those).
  const headingLevel = chartHeadingOrder === 3 ? 4 : 3;
  const table = (
    <HistoryTable rows={rows} reportPath={reportPath} caption={caption} headingLevel={headingLevel} />
  );
  if (!chartHeadingOrder) return table;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={chartHeadingOrder} size="h4">
          Evolución del resultado
        </Title>
        <TrendChart rows={rows} />
      </Stack>
      <Stack gap="xs">
        <Title order={chartHeadingOrder} size="h4">
          Evaluaciones
        </Title>
        {table}
      </Stack>
    </Stack>
  );
}
