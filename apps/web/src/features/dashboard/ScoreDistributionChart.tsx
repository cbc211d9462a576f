import '@mantine/charts/styles.css';
import type { ScoreBand } from '@evalua/contracts';
import { BarChart } from '@mantine/charts';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';

const t = messages.dashboard;

const people = (n: number) => `${formatNumber(n)} ${n === 1 ? 'colaborador' : 'colaboradores'}`;

/** The text alternative: every band and its count, in order. */
export function distributionSummary(bands: ScoreBand[]): string {
  return t.distributionSummary(bands.map((b) => `${b.label} %: ${people(b.count)}`).join('; '));
}

/**
 * How the collaborators' results of the round in progress spread over the bands. The chart itself
 * is hidden from assistive technology behind role="img" with a summary that lists every value.
 */
export function ScoreDistributionChart({ bands }: { bands: ScoreBand[] }) {
  const total = bands.reduce((sum, b) => sum + b.count, 0);
  const data = bands.map((b) => ({ band: `${b.label} %`, count: b.count }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Distribución de resultados
        </Title>
        {total === 0 ? (
          <Text>{t.noResults}</Text>
        ) : (
          <Box component="figure" m={0}>
            <Box role="img" aria-label={distributionSummary(bands)}>
              <BarChart
                h={240}
                data={data}
                dataKey="band"
                series={[{ name: 'count', label: 'Colaboradores', color: 'blue.8' }]}
                withBarValueLabel
                withTooltip={false}
                yAxisProps={{ allowDecimals: false, domain: [0, (max: number) => max + 1] }}
                barChartProps={{ accessibilityLayer: false }}
                xAxisLabel="Resultado general"
                yAxisLabel="Colaboradores"
              />
            </Box>
            <Text component="figcaption" size="sm" c="dimmed" mt="xs">
              Colaboradores por rango de resultado general en las evaluaciones en curso.
            </Text>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
