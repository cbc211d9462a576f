import { V2_RESULT_GROUP_LABELS, type V2Summary } from '@evalua/contracts';
import { SimpleGrid, Table, Title } from '@mantine/core';
import { formatNumber } from '../../i18n/format';
import { completionOnly } from './completion';
import { pct } from './format';

interface Props {
  summary: V2Summary;
  /** The heading level of the two tables' titles (they sit under an h2 or an h3). */
  order: 3 | 4;
  /** Names the tables apart when several summaries are on the page. */
  name: string;
}

/**
 * The headline figures of one summary, as [label, value] rows. Completion only (a non-admin's view of
 * a snapshot of an open evaluation) leaves out the figures it does not have.
 */
export function summaryFigures(s: V2Summary): Array<[string, string]> {
  const evaluatees: [string, string] = ['Personas evaluadas', formatNumber(s.evaluatees)];
  const completed: [string, string] = [
    'Asignaciones completadas',
    `${formatNumber(s.assignments_completed)} de ${formatNumber(s.assignments_total)}`,
  ];
  const completion: [string, string] = ['Cumplimiento', pct(s.completion_percentage)];
  if (completionOnly(s)) return [evaluatees, completed, completion];
  return [
    evaluatees,
    ['Personas con resultado visible', formatNumber(s.evaluatees_scored)],
    completed,
    completion,
    ['Promedio general', pct(s.overall_average)],
  ];
}

/** A frozen summary: evaluatees, assignments, completion, overall average and the average per relation. */
export function SummaryView({ summary, order, name }: Props) {
  const figures = !completionOnly(summary);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div>
        <Title order={order} size="h5" mb="xs">
          Resumen
        </Title>
        <Table aria-label={`Resumen de ${name}`} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Indicador</Table.Th>
              <Table.Th scope="col">Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summaryFigures(summary).map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={400}>
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <div>
        <Title order={order} size="h5" mb="xs">
          Por relación
        </Title>
        <Table
          aria-label={figures ? `Promedio por relación de ${name}` : `Avance por relación de ${name}`}
          withTableBorder
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Relación</Table.Th>
              <Table.Th scope="col">Completadas</Table.Th>
              {figures && <Table.Th scope="col">Promedio</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.by_relation.map((r) => (
              <Table.Tr key={r.relation}>
                <Table.Th scope="row" fw={400}>
                  {V2_RESULT_GROUP_LABELS[r.relation]}
                </Table.Th>
                <Table.Td>
                  {formatNumber(r.completed)} de {formatNumber(r.total)}
                </Table.Td>
                {figures && <Table.Td>{pct(r.overall_average)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </SimpleGrid>
  );
}
