import { V2_RESULT_GROUP_LABELS, type V2SnapshotDetailRow } from '@evalua/contracts';
import { Stack, Text } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { messages } from '../../i18n/messages';
import {
  BELOW_MARK,
  HIDDEN_MARK,
  othersCell,
  overallCell,
  relationCell,
  relationColumns,
  selfCell,
  type Cell,
} from './detail-cells';
import { NONE } from './format';
import { personColumns } from './person-columns';

const t = messages.snapshots;

function Value({ cell }: { cell: Cell }) {
  return (
    <>
      <Text span inherit style={{ whiteSpace: 'nowrap' }}>
        {cell.value}
        {cell.mark}
      </Text>
      {cell.raters && (
        <Text size="xs" c="dimmed">
          {cell.raters}
        </Text>
      )}
    </>
  );
}

interface Props {
  rows: readonly V2SnapshotDetailRow[];
  /** The anonymity threshold in force when the snapshot was taken. */
  minRaters: number;
  label: string;
}

/** One row per evaluatee as frozen: self, each relation, "others" and the overall (others' overall). */
export function DetailTable({ rows, minRaters, label }: Props) {
  if (rows.length === 0) return <Text>Este snapshot no tiene personas evaluadas.</Text>;
  const groups = relationColumns(rows);
  const cells = rows.map((row) => ({
    row,
    self: selfCell(row),
    relations: groups.map((g) => relationCell(row, g)),
    others: othersCell(row),
    overall: overallCell(row),
  }));
  const marks = new Set(cells.flatMap((c) => [c.others, c.overall, ...c.relations].map((x) => x.mark)));
  return (
    <Stack gap="xs">
      <ResponsiveTable
        label={`Resultados por persona de ${label}`}
        headingLevel={4}
        rows={cells}
        rowKey={(c) => c.row.evaluatee_id}
        columns={[
          ...personColumns<(typeof cells)[number]>(),
          { header: V2_RESULT_GROUP_LABELS.self, cell: (c) => <Value cell={c.self} /> },
          ...groups.map((g, i) => ({
            header: V2_RESULT_GROUP_LABELS[g],
            cell: (c: (typeof cells)[number]) => <Value cell={c.relations[i]!} />,
          })),
          { header: 'Otros', cell: (c) => <Value cell={c.others} /> },
          { header: 'General', fw: 600, cell: (c) => <Value cell={c.overall} /> },
        ]}
      />
      <Text size="sm" c="dimmed">
        {NONE} {t.empty} «General» es el promedio de «Otros» (todas las relaciones menos la autoevaluación).
      </Text>
      {marks.has(HIDDEN_MARK) && (
        <Text size="sm">
          {NONE}
          {HIDDEN_MARK} {t.hidden(minRaters)}
        </Text>
      )}
      {marks.has(BELOW_MARK) && (
        <Text size="sm">
          {BELOW_MARK} {t.belowThreshold(minRaters)}
        </Text>
      )}
    </Stack>
  );
}
