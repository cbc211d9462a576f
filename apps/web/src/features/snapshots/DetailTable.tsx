import { V2_RESULT_GROUP_LABELS, type V2SnapshotDetailRow } from '@evalua/contracts';
import { Stack, Table, Text } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
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
      <ScrollTable label={`Resultados por persona de ${label}`} minWidth={880}>
        <Table striped aria-label={`Resultados por persona de ${label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Persona</Table.Th>
              <Table.Th scope="col">Departamento</Table.Th>
              <Table.Th scope="col">Cargo</Table.Th>
              <Table.Th scope="col">{V2_RESULT_GROUP_LABELS.self}</Table.Th>
              {groups.map((g) => (
                <Table.Th key={g} scope="col">
                  {V2_RESULT_GROUP_LABELS[g]}
                </Table.Th>
              ))}
              <Table.Th scope="col">Otros</Table.Th>
              <Table.Th scope="col">General</Table.Th>
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
                <Table.Td>
                  <Value cell={c.self} />
                </Table.Td>
                {c.relations.map((cell, i) => (
                  <Table.Td key={groups[i]}>
                    <Value cell={cell} />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Value cell={c.others} />
                </Table.Td>
                <Table.Td fw={600}>
                  <Value cell={c.overall} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
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
