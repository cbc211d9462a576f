import { V2_RESULT_GROUP_LABELS, type V2Summary } from '@evalua/contracts';
import { SimpleGrid, Title } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatNumber } from '../../i18n/format';
import { completionOnly } from './completion';
import { pct } from './format';

type Relation = V2Summary['by_relation'][number];

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
  const cardLevel = order === 3 ? 4 : 5;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div>
        <Title order={order} size="h5" mb="xs">
          Resumen
        </Title>
        <ResponsiveTable
          label={`Resumen de ${name}`}
          cardsBelow={0}
          headingLevel={cardLevel}
          rows={summaryFigures(summary)}
          rowKey={([label]) => label}
          columns={[
            { header: 'Indicador', title: true, rowHeader: true, fw: 400, cell: ([label]) => label },
            { header: 'Valor', cell: ([, value]) => value },
          ]}
        />
      </div>
      <div>
        <Title order={order} size="h5" mb="xs">
          Por relación
        </Title>
        <ResponsiveTable
          label={figures ? `Promedio por relación de ${name}` : `Avance por relación de ${name}`}
          cardsBelow={0}
          headingLevel={cardLevel}
          rows={summary.by_relation}
          rowKey={(r) => r.relation}
          columns={[
            {
              header: 'Relación',
              title: true,
              rowHeader: true,
              fw: 400,
              cell: (r) => V2_RESULT_GROUP_LABELS[r.relation],
            },
            {
              header: 'Completadas',
              cell: (r) => `${formatNumber(r.completed)} de ${formatNumber(r.total)}`,
            },
            ...(figures ? [{ header: 'Promedio', cell: (r: Relation) => pct(r.overall_average) }] : []),
          ]}
        />
      </div>
    </SimpleGrid>
  );
}
