import { Table, Text } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import type { CompletionRow } from './groups';

const t = messages.v2Results;

interface Props {
  rows: CompletionRow[];
  labelledBy: string;
}

/** Completion per group of raters (Relación, Completadas, Asignadas): what shows before the close. */
export function CompletionTable({ rows, labelledBy }: Props) {
  return (
    <>
      <ScrollTable label="Avance por grupo de evaluadores" minWidth={320}>
        <Table striped aria-labelledby={labelledBy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Relación</Table.Th>
              <Table.Th scope="col">Completadas</Table.Th>
              <Table.Th scope="col">Asignadas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                <Table.Td>
                  {formatNumber(row.completed)}
                  {row.counted && (
                    <Text size="xs" c="dimmed">
                      {row.counted}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatNumber(row.assigned)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {rows.some((r) => r.counted) && (
        <Text size="sm" c="dimmed">
          {t.countedWhy}
        </Text>
      )}
    </>
  );
}
