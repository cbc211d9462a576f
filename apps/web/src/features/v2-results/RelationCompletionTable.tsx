import { RELATION_LABELS, type V2Summary } from '@evalua/contracts';
import { Title } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatNumber } from '../../i18n/format';
import { pct } from './format';

type Row = V2Summary['by_relation'][number];

interface Props {
  rows: Row[];
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
      <ResponsiveTable
        labelledBy="v2-completion-heading"
        cardsBelow={0}
        rows={rows}
        rowKey={(r) => r.relation}
        columns={[
          {
            header: 'Relación',
            title: true,
            rowHeader: true,
            fw: 500,
            cell: (r) => RELATION_LABELS[r.relation],
          },
          { header: 'Completadas', cell: (r) => formatNumber(r.completed) },
          { header: 'Asignadas', cell: (r) => formatNumber(r.total) },
          {
            header: 'Avance',
            nowrap: true,
            cell: (r) => (r.total === 0 ? '—' : pct((r.completed / r.total) * 100)),
          },
          ...(withAverage
            ? [{ header: 'Promedio general', nowrap: true, cell: (r: Row) => pct(r.overall_average) }]
            : []),
        ]}
      />
    </section>
  );
}
