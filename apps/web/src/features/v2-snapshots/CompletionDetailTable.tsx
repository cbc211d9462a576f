import { V2_RESULT_GROUP_LABELS, type V2SnapshotDetailRow } from '@evalua/contracts';
import { Stack, Text } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { messages } from '../../i18n/messages';
import { completionCell, completionColumns, personCompletionText } from './completion';
import { NONE } from './format';
import { personColumns } from './person-columns';

const t = messages.snapshots;

interface Props {
  rows: readonly V2SnapshotDetailRow[];
  label: string;
}

/**
 * One row per evaluatee with the raters who had answered of those assigned, per relation and in all:
 * a non-admin's view of a snapshot taken while the evaluation was open (decision 023).
 */
export function CompletionDetailTable({ rows, label }: Props) {
  if (rows.length === 0) return <Text>Este snapshot no tiene personas evaluadas.</Text>;
  const groups = completionColumns(rows);
  const cells = rows.map((row) => ({ row, groups: groups.map((g) => completionCell(row, g)) }));
  const counted = cells.some((c) => c.groups.some((g) => g.counted));
  return (
    <Stack gap="xs">
      <ResponsiveTable
        label={`Avance por persona de ${label}`}
        headingLevel={4}
        rows={cells}
        rowKey={(c) => c.row.evaluatee_id}
        columns={[
          ...personColumns<(typeof cells)[number]>(),
          ...groups.map((g, i) => ({
            header: V2_RESULT_GROUP_LABELS[g],
            cell: (c: (typeof cells)[number]) => {
              const cell = c.groups[i]!;
              return (
                <>
                  <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                    {cell.value}
                  </Text>
                  {cell.counted && (
                    <Text size="xs" c="dimmed">
                      {cell.counted}
                    </Text>
                  )}
                </>
              );
            },
          })),
          { header: 'Total', fw: 600, nowrap: true, cell: (c) => personCompletionText(c.row) },
        ]}
      />
      <Text size="sm" c="dimmed">
        {t.completionCells} {NONE} indica que la relación no tiene asignaciones.
      </Text>
      {counted && <Text size="sm">{messages.v2Results.countedWhy}</Text>}
    </Stack>
  );
}
