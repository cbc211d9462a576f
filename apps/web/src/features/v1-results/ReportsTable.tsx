import type { ReportRow } from '@evalua/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatPercent } from '../../i18n/format';

const dash = (v: string | null) => v || '—';

/** One row per evaluated person and evaluation, with the link to the full report. */
export function ReportsTable({ rows }: { rows: ReportRow[] }) {
  return (
    <ResponsiveTable
      label="Reportes de evaluación"
      headingLevel={2}
      rows={rows}
      rowKey={(r) => `${r.evaluation_id}-${r.user_id}`}
      columns={[
        { header: 'Colaborador', title: true, cell: (r) => r.user_name },
        { header: 'Departamento', cell: (r) => dash(r.department) },
        { header: 'Puesto', cell: (r) => dash(r.position) },
        { header: 'Evaluación', cell: (r) => r.evaluation_name },
        { header: 'Periodo', cell: (r) => r.period },
        {
          header: 'Resultado',
          align: 'right',
          nowrap: true,
          cell: (r) => formatPercent(r.overall_percentage),
        },
        {
          header: 'Acción',
          actions: true,
          cell: (r) => (
            <Anchor
              component={Link}
              className="evalua-rt-nowrap"
              to={`/report/${r.evaluation_id}/${r.user_id}`}
              aria-label={`Ver reporte de ${r.user_name}, ${r.evaluation_name} ${r.period}`}
            >
              Ver reporte
            </Anchor>
          ),
        },
      ]}
    />
  );
}
