import type { EvaluationHistoryRow } from '@evalua/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatDate, formatPercent } from '../../i18n/format';

interface Props {
  rows: EvaluationHistoryRow[];
  /** Where each row's report opens (/report-detail/… for managers, /report/… for oneself). */
  reportPath: (row: EvaluationHistoryRow) => string;
  caption: string;
  /** The level of each evaluation's heading when the rows are cards (one below the section's). */
  headingLevel: 3 | 4;
}

const percent = (v: number | null) => (v === null ? '—' : formatPercent(v));

/** One row per evaluation, newest first, figures averaged over its evaluators (2 decimals). */
export function HistoryTable({ rows, reportPath, caption, headingLevel }: Props) {
  return (
    <ResponsiveTable
      caption={caption}
      headingLevel={headingLevel}
      rows={rows}
      rowKey={(r) => r.evaluation_id}
      columns={[
        { header: 'Evaluación', title: true, cell: (r) => r.evaluation_name },
        { header: 'Periodo', cell: (r) => r.period },
        { header: 'Resultado', fw: 600, nowrap: true, cell: (r) => formatPercent(r.overall_percentage) },
        { header: 'Competencias', nowrap: true, cell: (r) => percent(r.competencies_percentage) },
        { header: 'Objetivos', nowrap: true, cell: (r) => percent(r.objectives_percentage) },
        { header: 'Evaluadores', cell: (r) => r.evaluators_count },
        { header: 'Fecha', cell: (r) => formatDate(r.created_at) },
        {
          header: 'Reporte',
          actions: true,
          cell: (r) => (
            <Anchor
              size="sm"
              component={Link}
              to={reportPath(r)}
              aria-label={`Ver reporte de ${r.evaluation_name}`}
            >
              Ver reporte
            </Anchor>
          ),
        },
      ]}
    />
  );
}
