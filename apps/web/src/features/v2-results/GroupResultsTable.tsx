import { Table, Text } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { pct } from './format';
import type { GroupRow } from './groups';

const t = messages.v2Results;

interface Props {
  rows: GroupRow[];
  /** The anonymity threshold, when known (for the hidden groups' text). */
  threshold: number | null;
  labelledBy: string;
}

function Figures({ row, threshold }: { row: GroupRow; threshold: number | null }) {
  if (row.state === 'hidden')
    return (
      <Table.Td colSpan={3}>
        <Text size="sm" fs="italic">
          {t.hidden(threshold)}
        </Text>
      </Table.Td>
    );
  if (row.state === 'empty')
    return (
      <Table.Td colSpan={3}>
        <Text size="sm" c="dimmed">
          {t.noAnswers}
        </Text>
      </Table.Td>
    );
  return (
    <>
      <Table.Td>{pct(row.competencies)}</Table.Td>
      <Table.Td>{pct(row.objectives)}</Table.Td>
      <Table.Td fw={600}>{pct(row.overall)}</Table.Td>
    </>
  );
}

/** Per group of raters: completed/assigned raters and competencies, objectives and overall %. */
export function GroupResultsTable({ rows, threshold, labelledBy }: Props) {
  return (
    <ScrollTable label="Resultados por grupo de evaluadores" minWidth={640}>
      <Table striped aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Grupo</Table.Th>
            <Table.Th scope="col">Evaluadores (completados/asignados)</Table.Th>
            <Table.Th scope="col">Competencias</Table.Th>
            <Table.Th scope="col">Objetivos</Table.Th>
            <Table.Th scope="col">General</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.label}
                {row.adminOnly && (
                  <Text size="xs" c="dimmed" fw={400}>
                    {t.adminOnly}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>
                {formatNumber(row.completed)}/{formatNumber(row.assigned)}
                {row.counted && (
                  <Text size="xs" c="dimmed">
                    {row.counted}
                  </Text>
                )}
              </Table.Td>
              <Figures row={row} threshold={threshold} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
