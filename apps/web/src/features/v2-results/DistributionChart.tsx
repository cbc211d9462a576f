import '@mantine/charts/styles.css';
import type { ScoreBand } from '@evalua/contracts';
import { BarChart } from '@mantine/charts';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';

const t = messages.v2Results;

const people = (n: number) => `${formatNumber(n)} ${n === 1 ? 'persona' : 'personas'}`;

/** The chart's text alternative: every band and its count, in order. */
export function distributionText(bands: readonly ScoreBand[]): string {
  return t.distributionSummary(bands.map((b) => `${b.label} %: ${people(b.count)}`).join('; '));
}

/** How the evaluatees' "others" overall spreads over the score bands (role="img" with every value). */
export function DistributionChart({ bands }: { bands: ScoreBand[] }) {
  const total = bands.reduce((sum, b) => sum + b.count, 0);
  const data = bands.map((b) => ({ band: `${b.label} %`, count: b.count }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="v2-distribution-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="v2-distribution-heading">
          Distribución de resultados
        </Title>
        {total === 0 ? (
          <Text>{t.noDistribution}</Text>
        ) : (
          <Box component="figure" m={0}>
            <Box role="img" aria-label={distributionText(bands)}>
              <BarChart
                h={240}
                data={data}
                dataKey="band"
                series={[{ name: 'count', label: 'Personas', color: 'blue.8' }]}
                withBarValueLabel
                withTooltip={false}
                yAxisProps={{ allowDecimals: false, domain: [0, (max: number) => max + 1] }}
                barChartProps={{ accessibilityLayer: false }}
                xAxisLabel="Resultado general (Otros)"
                yAxisLabel="Personas"
              />
            </Box>
            <Text component="figcaption" size="sm" c="dimmed" mt="xs">
              Personas evaluadas por rango del resultado general de «Otros» (sin la autoevaluación).
            </Text>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
