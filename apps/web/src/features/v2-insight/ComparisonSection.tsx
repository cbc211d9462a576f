import type { V2InsightComparison } from '@evalua/contracts';
import { Box, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { BarChartSvg } from '../../components/charts/BarChartSvg';
import { cellText, pct, signedPoints } from './heat';
import { v2InsightMessages as T } from '../../i18n/v2-insight-messages';

const SERIES = [
  { label: 'Anterior', color: 'var(--mantine-color-gray-7)' },
  { label: 'Actual', color: 'var(--mantine-color-blue-8)' },
];

/** Each person's overall ("others") now and in their previous closed 360: a chart and its table. */
export function ComparisonSection({ rows }: { rows: readonly V2InsightComparison[] }) {
  const headingId = useId();
  const compared = rows.filter((r) => r.previous !== null);
  const both = compared.filter((r) => r.current.value !== null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {T.comparisonHeading}
        </Title>
        <Text size="sm">{T.comparisonIntro}</Text>
        {compared.length === 0 ? (
          <Text>{T.comparisonNone}</Text>
        ) : (
          <>
            {both.length > 0 && (
              <Box component="figure" m={0}>
                <Box
                  role="img"
                  aria-label={T.comparisonChart(
                    both
                      .map(
                        (r) =>
                          `${r.name}: anterior ${pct(r.previous!.overall)}, actual ${pct(r.current.value!)}`,
                      )
                      .join('; '),
                  )}
                >
                  <BarChartSvg
                    height={220}
                    series={SERIES}
                    groups={both.map((r) => ({
                      label: r.name,
                      values: [r.previous!.overall, r.current.value],
                    }))}
                  />
                </Box>
                <Text component="figcaption" size="sm" c="dimmed" mt="xs">
                  Resultado general de «Otros» (0-100 %) en el 360 anterior y en este, por persona.
                </Text>
              </Box>
            )}
            <ResponsiveTable
              label={T.comparisonHeading}
              rows={rows}
              rowKey={(r) => r.user_id}
              columns={[
                { header: 'Persona', title: true, cell: (r) => r.name },
                {
                  header: 'Evaluación anterior',
                  cell: (r) => (r.previous ? `${r.previous.name} (${r.previous.period})` : T.noPrevious),
                },
                {
                  header: 'General anterior',
                  align: 'right',
                  nowrap: true,
                  cell: (r) =>
                    r.previous ? (
                      <>
                        {pct(r.previous.overall)}
                        {r.previous.flagged && (
                          <>
                            {' *'}
                            <VisuallyHidden> ({T.adminOnly})</VisuallyHidden>
                          </>
                        )}
                      </>
                    ) : (
                      '—'
                    ),
                },
                {
                  header: 'General actual',
                  align: 'right',
                  nowrap: true,
                  cell: (r) => (r.current.state === 'withheld' ? T.withheldLong : cellText(r.current)),
                },
                {
                  header: 'Cambio',
                  align: 'right',
                  nowrap: true,
                  cell: (r) => (r.change === null ? '—' : signedPoints(r.change)),
                },
              ]}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
