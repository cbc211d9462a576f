import { RELATION_LABELS, type V2Summary } from '@evalua/contracts';
import { Table, Title } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatNumber } from '../../i18n/format';
import { pct } from './format';

interface Props {
  rows: V2Summary['by_relation'];
  /** With the 'Promedio general' column (false: completion only, before the close). */
  withAverage: boolean;
}

/** Completion and average per relation across the evaluation. */
export function RelationCompletionTable({ rows, withAverage }: Props) {
  return (
    <section aria-labelledby="v2-completion-heading">
      <Title order={2} size="h3" id="v2-completion-heading" mb="sm">
        Avance por relación
      </Title>
      <ScrollTable label="Avance por relación" minWidth={withAverage ? 520 : 400}>
        <Table striped aria-labelledby="v2-completion-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Relación</Table.Th>
              <Table.Th scope="col">Completadas</Table.Th>
              <Table.Th scope="col">Asignadas</Table.Th>
              <Table.Th scope="col">Avance</Table.Th>
              {withAverage && <Table.Th scope="col">Promedio general</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.relation}>
                <Table.Th scope="row" fw={500}>
                  {RELATION_LABELS[r.relation]}
                </Table.Th>
                <Table.Td>{formatNumber(r.completed)}</Table.Td>
                <Table.Td>{formatNumber(r.total)}</Table.Td>
                <Table.Td>{r.total === 0 ? '—' : pct((r.completed / r.total) * 100)}</Table.Td>
                {withAverage && <Table.Td>{pct(r.overall_average)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </section>
  );
}
