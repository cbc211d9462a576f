import type { EvaluationHistoryRow } from '@evalua/contracts';
import { Box, Text } from '@mantine/core';
import { LineChartSvg } from '../../components/charts/LineChartSvg';
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

/**
 * Each point's label on the axis: its period, unless two rounds share one ('2026, 2026' says
 * nothing, issue 30 §8) — then each round by its name.
 */
export function pointLabels(
  oldestFirst: ReadonlyArray<Pick<EvaluationHistoryRow, 'period' | 'evaluation_name'>>,
): string[] {
  const periods = oldestFirst.map((r) => r.period);
  return new Set(periods).size === periods.length ? periods : oldestFirst.map((r) => r.evaluation_name);
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
  const labels = pointLabels(oldestFirst);
  const points = oldestFirst.map((r, i) => ({ label: labels[i]!, value: r.overall_percentage }));
  return (
    <Box component="figure" m={0}>
      <Box role="img" aria-label={trendSummary(oldestFirst)}>
        <LineChartSvg points={points} height={240} color="var(--mantine-color-blue-8)" />
      </Box>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        {trendCaption(rows.length)}
      </Text>
    </Box>
  );
}
