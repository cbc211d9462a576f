import type { V2InsightAverage, V2InsightCell, V2InsightMean, V2InsightPerson } from '@evalua/contracts';
import { Box, Group, List, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { cellText, heatColor, HEAT_BANDS, pct } from './heat';
import { v2InsightMessages as T } from '../../i18n/v2-insight-messages';

/** One column of the heatmap: its header (short) and its full name, and how to read it. */
export interface HeatColumn {
  short: string;
  full: string;
  person: (p: V2InsightPerson) => V2InsightCell;
  average: (a: V2InsightAverage) => V2InsightMean;
}

const CELL_STYLE = { color: '#1b1f24', whiteSpace: 'nowrap' } as const;

function PersonCell({ cell, column }: { cell: V2InsightCell; column: string }) {
  const text = cellText(cell);
  return (
    <Table.Td ta="right" style={{ ...CELL_STYLE, background: heatColor(cell.value) }}>
      {cell.state === 'withheld' ? (
        <span title={T.withheldLong}>
          <span aria-hidden="true">{T.withheld}</span>
          <VisuallyHidden>{T.withheldLong}</VisuallyHidden>
        </span>
      ) : cell.value === null ? (
        <>
          <span aria-hidden="true">—</span>
          <VisuallyHidden>{T.none}</VisuallyHidden>
        </>
      ) : cell.flagged ? (
        <span title={`${column}: ${T.adminOnly}`}>
          {text}
          <VisuallyHidden> ({T.adminOnly})</VisuallyHidden>
        </span>
      ) : (
        text
      )}
    </Table.Td>
  );
}

function AverageCell({ mean }: { mean: V2InsightMean }) {
  return (
    <Table.Td
      ta="right"
      fw={600}
      style={{ ...CELL_STYLE, background: heatColor(mean.value) }}
      title={T.averagePeople(mean.people)}
    >
      {mean.value === null ? (
        <>
          <span aria-hidden="true">—</span>
          <VisuallyHidden>{T.none}</VisuallyHidden>
        </>
      ) : (
        <>
          {pct(mean.value)}
          <VisuallyHidden> ({T.averagePeople(mean.people)})</VisuallyHidden>
        </>
      )}
    </Table.Td>
  );
}

/** The colour bands and the signs the cells use: the colour only repeats the written figure. */
export function HeatLegend({ adminView }: { adminView: boolean }) {
  return (
    <Stack gap={4}>
      <Group gap="sm" aria-hidden="true">
        {HEAT_BANDS.map((b) => (
          <Group key={b.label} gap={4}>
            <Box w={14} h={14} style={{ background: b.color, border: '1px solid #868e96' }} />
            <Text size="sm">{b.label}</Text>
          </Group>
        ))}
      </Group>
      <Text size="sm">{T.withheldLegend}</Text>
      <Text size="sm">{T.noneLegend}</Text>
      {adminView && <Text size="sm">{T.adminLegend}</Text>}
    </Stack>
  );
}

interface Props {
  heading: string;
  columns: readonly HeatColumn[];
  people: readonly V2InsightPerson[];
  departments: readonly V2InsightAverage[];
  average: V2InsightAverage | null;
  adminView: boolean;
  /** Under the table (the list of questions behind P1, P2…). */
  footer?: ReactNode;
}

/**
 * People × columns, each cell the "others" figure with its value written and its band's colour, then
 * a row per department and the overall row. A wide table scrolls inside its own labelled region,
 * which the keyboard can reach; the page itself never scrolls sideways.
 */
export function HeatmapTable({ heading, columns, people, departments, average, adminView, footer }: Props) {
  const headingId = useId();
  const rows = [...departments, ...(average ? [average] : [])];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {heading}
        </Title>
        <Text size="sm">{T.heatIntro}</Text>
        <HeatLegend adminView={adminView} />
        <Text size="sm" c="dimmed">
          {T.scrollHint}
        </Text>
        <Box
          role="region"
          aria-label={T.scrollRegion(heading)}
          tabIndex={0}
          style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
        >
          <Table
            withColumnBorders
            withTableBorder
            aria-labelledby={headingId}
            style={{ minWidth: 'max-content' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{T.person}</Table.Th>
                <Table.Th scope="col">{T.department}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.short} scope="col" ta="right" title={c.full}>
                    {c.short === c.full ? (
                      c.full
                    ) : (
                      <>
                        <span aria-hidden="true">{c.short}</span>
                        <VisuallyHidden>{c.full}</VisuallyHidden>
                      </>
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.map((p) => (
                <Table.Tr key={p.user_id}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {p.name}
                  </Table.Th>
                  <Table.Td>{p.department ?? T.noDepartment}</Table.Td>
                  {columns.map((c) => (
                    <PersonCell key={c.short} cell={c.person(p)} column={c.full} />
                  ))}
                </Table.Tr>
              ))}
              {rows.map((a) => (
                <Table.Tr key={`avg-${a.department ?? a.label}-${a === average ? 'all' : 'dep'}`}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {a === average ? a.label : T.averageOf(a.label)}
                  </Table.Th>
                  <Table.Td>{`${a.people} ${a.people === 1 ? 'persona' : 'personas'}`}</Table.Td>
                  {columns.map((c) => (
                    <AverageCell key={c.short} mean={c.average(a)} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        {footer}
      </Stack>
    </Paper>
  );
}

/** The questions behind the item heatmap's P1, P2… headers. */
export function QuestionList({
  items,
}: {
  items: ReadonlyArray<{ item_id: number; question_text: string }>;
}) {
  return (
    <Box>
      <Text size="sm" fw={600}>
        {T.questions}
      </Text>
      <List type="ordered" size="sm">
        {items.map((i) => (
          <List.Item key={i.item_id}>{i.question_text}</List.Item>
        ))}
      </List>
    </Box>
  );
}
