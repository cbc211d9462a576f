import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { pct } from './format';
import type { GroupRow } from './groups';

const t = messages.v2Results;

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
  const data = shown.map((r) => ({
    group: r.label,
    competencies: r.competencies,
    objectives: r.objectives,
    overall: r.overall,
  }));
  return (
    <Box component="figure" m={0}>
      <Box role="img" aria-label={groupsText(shown)}>
        <BarChart
          h={280}
          data={data}
          dataKey="group"
          series={[
            { name: 'competencies', label: 'Competencias', color: 'blue.8' },
            { name: 'objectives', label: 'Objetivos', color: 'teal.9' },
            { name: 'overall', label: 'General', color: 'grape.8' },
          ]}
          withLegend
          maxBarWidth={56}
          withTooltip={false}
          yAxisProps={{ domain: [0, 100] }}
          barChartProps={{ accessibilityLayer: false }}
          yAxisLabel="%"
        />
      </Box>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        Porcentajes por grupo de evaluadores (0-100). Los grupos ocultos o sin respuestas no aparecen.
      </Text>
    </Box>
  );
}
