import { V2_RESULT_GROUP_LABELS, type V2SnapshotDetailRow } from '@evalua/contracts';
import { Stack, Table, Text } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { messages } from '../../i18n/messages';
import { completionCell, completionColumns, personCompletionText } from './completion';
import { NONE } from './format';

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
      <ScrollTable label={`Avance por persona de ${label}`} minWidth={720}>
        <Table striped aria-label={`Avance por persona de ${label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Persona</Table.Th>
              <Table.Th scope="col">Departamento</Table.Th>
              <Table.Th scope="col">Cargo</Table.Th>
              {groups.map((g) => (
                <Table.Th key={g} scope="col">
                  {V2_RESULT_GROUP_LABELS[g]}
                </Table.Th>
              ))}
              <Table.Th scope="col">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cells.map((c) => (
              <Table.Tr key={c.row.evaluatee_id}>
                <Table.Th scope="row" fw={500}>
                  {c.row.evaluatee_name}
                </Table.Th>
                <Table.Td>{c.row.department ?? NONE}</Table.Td>
                <Table.Td>{c.row.position ?? NONE}</Table.Td>
                {c.groups.map((cell, i) => (
                  <Table.Td key={groups[i]}>
                    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                      {cell.value}
                    </Text>
                    {cell.counted && (
                      <Text size="xs" c="dimmed">
                        {cell.counted}
                      </Text>
                    )}
                  </Table.Td>
                ))}
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {personCompletionText(c.row)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="sm" c="dimmed">
        {t.completionCells} {NONE} indica que la relación no tiene asignaciones.
      </Text>
      {counted && <Text size="sm">{messages.v2Results.countedWhy}</Text>}
    </Stack>
  );
}
