import { Box, Text } from '@mantine/core';
import { BarChartSvg } from '../../components/charts/BarChartSvg';
import { messages } from '../../i18n/messages';
import { pct } from './format';
import type { GroupRow } from './groups';

const t = messages.v2Results;

const SERIES = [
  { label: 'Competencias', color: 'var(--mantine-color-blue-8)' },
  { label: 'Objetivos', color: 'var(--mantine-color-teal-9)' },
  { label: 'General', color: 'var(--mantine-color-grape-8)' },
];

/** The chart's text alternative: each shown group's three figures. */
export function groupsText(rows: readonly GroupRow[]): string {
  return t.groupsSummary(
    rows
      .map(
        (r) =>
          `${r.label}: competencias ${pct(r.competencies)}, objetivos ${pct(r.objectives)}, general ${pct(r.overall)}`,
      )
      .join('; '),
  );
}

/** Competencies, objectives and overall % of each group with figures (hidden groups are left out). */
export function GroupResultsChart({ rows }: { rows: GroupRow[] }) {
  const shown = rows.filter((r) => r.state === 'shown');
  if (shown.length === 0) return <Text>{t.noGroupFigures}</Text>;
  const groups = shown.map((r) => ({
    label: r.label,
    values: [r.competencies, r.objectives, r.overall],
  }));
  return (
    <Box component="figure" m={0}>
      <Box role="img" aria-label={groupsText(shown)}>
        <BarChartSvg groups={groups} series={SERIES} height={280} />
      </Box>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        Porcentajes por grupo de evaluadores (0-100). Los grupos ocultos o sin respuestas no aparecen.
      </Text>
    </Box>
  );
}
