import type { V2InsightGap, V2InsightGaps } from '@evalua/contracts';
import { Box, Paper, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { BarChartSvg } from '../../components/charts/BarChartSvg';
import { pct, signedPoints } from './heat';
import { v2InsightMessages as T } from '../../i18n/v2-insight-messages';

type GapRow = V2InsightGap & { kind: string; n: number };

const SERIES = [
  { label: 'Autoevaluación', color: 'var(--mantine-color-orange-9)' },
  { label: 'Otros', color: 'var(--mantine-color-blue-8)' },
];

const flag = (g: V2InsightGap) =>
  g.flagged ? (
    <>
      {' *'}
      <VisuallyHidden> ({T.adminOnly})</VisuallyHidden>
    </>
  ) : null;

/** Per person, the questions with the largest self-minus-others gaps: a chart and its table. */
export function GapsSection({ gaps }: { gaps: readonly V2InsightGaps[] }) {
  const headingId = useId();
  const withGaps = gaps.filter((g) => g.blind_spots.length + g.hidden_strengths.length > 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = withGaps.find((g) => String(g.user_id) === chosen) ?? withGaps[0];
  const rows: GapRow[] = current
    ? [
        ...current.blind_spots.map((g) => ({ ...g, kind: T.blindSpot })),
        ...current.hidden_strengths.map((g) => ({ ...g, kind: T.hiddenStrength })),
      ].map((g, i) => ({ ...g, n: i + 1 }))
    : [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {T.gapsHeading}
        </Title>
        <Text size="sm">{T.gapsIntro}</Text>
        {!current ? (
          <Text>{T.gapsNone}</Text>
        ) : (
          <>
            <Select
              label={T.person}
              data={withGaps.map((g) => ({ value: String(g.user_id), label: g.name }))}
              value={String(current.user_id)}
              onChange={setChosen}
              allowDeselect={false}
              maw={420}
            />
            <Box component="figure" m={0}>
              <Box
                role="img"
                aria-label={T.gapsChart(
                  current.name,
                  rows
                    .map((r) => `${r.question_text}: autoevaluación ${pct(r.self)}, otros ${pct(r.others)}`)
                    .join('; '),
                )}
              >
                <BarChartSvg
                  height={220}
                  series={SERIES}
                  groups={rows.map((r) => ({ label: `${r.n}. ${r.kind}`, values: [r.self, r.others] }))}
                />
              </Box>
              <Text component="figcaption" size="sm" c="dimmed" mt="xs">
                Autoevaluación y «Otros» (0-100 %) en cada pregunta de la tabla, en el mismo orden.
              </Text>
            </Box>
            <ResponsiveTable
              label={`${T.gapsHeading} de ${current.name}`}
              rows={rows}
              rowKey={(r) => `${r.kind}-${r.item_id}`}
              columns={[
                { header: 'N.º', cell: (r) => r.n, nowrap: true },
                { header: 'Pregunta', title: true, cell: (r) => r.question_text },
                { header: 'Tipo', cell: (r) => r.kind, nowrap: true },
                { header: 'Autoevaluación', align: 'right', nowrap: true, cell: (r) => pct(r.self) },
                {
                  header: 'Otros',
                  align: 'right',
                  nowrap: true,
                  cell: (r) => (
                    <>
                      {pct(r.others)}
                      {flag(r)}
                    </>
                  ),
                },
                { header: 'Diferencia', align: 'right', nowrap: true, cell: (r) => signedPoints(r.gap) },
              ]}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
