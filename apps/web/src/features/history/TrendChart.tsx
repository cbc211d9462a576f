import '@mantine/charts/styles.css';
import type { EvaluationHistoryRow } from '@evalua/contracts';
import { LineChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';

/** The text alternative: every point, oldest first. */
export function trendSummary(oldestFirst: EvaluationHistoryRow[]): string {
  return messages.history.trendSummary(
    oldestFirst
      .map((r) => `${r.evaluation_name} (${r.period}): ${formatPercent(r.overall_percentage)}`)
      .join('; '),
  );
}

/** What the chart's caption says: with one point there is no evolution yet, and it says so. */
export function trendCaption(points: number): string {
  return points === 1 ? messages.history.trendSingle : messages.history.trendCaption;
}

/**
 * The overall % across periods, oldest → newest. The chart is drawn for the eye; assistive
 * technology reads the role="img" summary that lists every value.
 */
export function TrendChart({ rows }: { rows: EvaluationHistoryRow[] }) {
  const oldestFirst = [...rows].reverse();
  const data = oldestFirst.map((r) => ({
    period: r.period,
    overall: Math.round(r.overall_percentage * 100) / 100,
  }));
  return (
    <Box component="figure" m={0}>
      <Box role="img" aria-label={trendSummary(oldestFirst)}>
        <LineChart
          h={240}
          data={data}
          dataKey="period"
          series={[{ name: 'overall', label: 'Resultado general', color: 'blue.8' }]}
          curveType="linear"
          withTooltip={false}
          withPointLabels
          valueFormatter={(v) => formatPercent(v)}
          yAxisProps={{
            domain: [0, 100],
            ticks: [0, 25, 50, 75, 100],
            tickFormatter: (v: number) => formatPercent(v, 0),
            width: 56,
          }}
          lineChartProps={{ accessibilityLayer: false }}
          xAxisLabel="Período"
          yAxisLabel="Resultado general"
        />
      </Box>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        {trendCaption(rows.length)}
      </Text>
    </Box>
  );
}
