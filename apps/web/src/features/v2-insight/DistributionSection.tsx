import { V2_INSIGHT_BUCKETS, type V2InsightDistribution } from '@evalua/contracts';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ResponsiveTable, type Column } from '../../components/lists/ResponsiveTable';
import { BarChartSvg } from '../../components/charts/BarChartSvg';
import { v2InsightMessages as T } from '../../i18n/v2-insight-messages';

const COLORS = ['orange-9', 'blue-8', 'teal-9', 'grape-8', 'gray-7'].map((c) => `var(--mantine-color-${c})`);

const people = (n: number) => `${n} ${n === 1 ? 'persona' : 'personas'}`;

/** The chart's text alternative: per group, the buckets with people in them. */
export function distributionText(groups: readonly V2InsightDistribution[]): string {
  return T.distributionChart(
    groups
      .map(
        (g) =>
          `${g.label}: ${g.buckets
            .filter((b) => b.count > 0)
            .map((b) => `${b.label} %: ${people(b.count)}`)
            .join(', ')}`,
      )
      .join('; '),
  );
}

/** Per relation, how many people have each overall score, in buckets of 10: a chart and its table. */
export function DistributionSection({
  groups,
  adminView,
}: {
  groups: readonly V2InsightDistribution[];
  adminView: boolean;
}) {
  const headingId = useId();
  // Drawn as the share of each group's people in each bucket (0-100 %), so the small SVG bars of
  // decision 028 serve; the table gives the counts.
  const groupsOfChart = V2_INSIGHT_BUCKETS.map((b, i) => ({
    label: b.label,
    values: groups.map((g) => (g.people === 0 ? null : (g.buckets[i]!.count / g.people) * 100)),
  }));
  const columns: Column<V2InsightDistribution>[] = [
    { header: 'Relación', title: true, cell: (g) => g.label },
    { header: 'Personas', align: 'right', nowrap: true, cell: (g) => g.people },
    ...V2_INSIGHT_BUCKETS.map((b, i): Column<V2InsightDistribution> => ({
      header: `${b.label} %`,
      align: 'right',
      nowrap: true,
      cell: (g) => {
        const bucket = g.buckets[i]!;
        return adminView && bucket.flagged > 0 ? `${bucket.count} (${bucket.flagged} *)` : bucket.count;
      },
    })),
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {T.distributionHeading}
        </Title>
        <Text size="sm">{T.distributionIntro}</Text>
        {groups.length === 0 ? (
          <Text>{T.distributionNone}</Text>
        ) : (
          <>
            <Box component="figure" m={0}>
              <Box role="img" aria-label={distributionText(groups)}>
                <BarChartSvg
                  height={240}
                  groups={groupsOfChart}
                  series={groups.map((g, i) => ({ label: g.label, color: COLORS[i % COLORS.length]! }))}
                />
              </Box>
              <Text component="figcaption" size="sm" c="dimmed" mt="xs">
                Porcentaje de las personas de cada grupo de evaluadores en cada tramo de 10 puntos de su
                resultado general.
              </Text>
            </Box>
            {adminView && (
              <Text size="sm">
                (n *): de esas personas, cuántas tienen una cifra que solo ve administración.
              </Text>
            )}
            <ResponsiveTable
              label={T.distributionHeading}
              rows={groups}
              rowKey={(g) => g.group}
              columns={columns}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
