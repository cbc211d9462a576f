import type { ReportRow } from '@evalua/contracts';
import type { Column } from '../../../exports/spreadsheet';

/** The columns of the reports list export, as the screen shows them. */
export const REPORT_COLUMNS: Column<ReportRow>[] = [
  { header: 'Colaborador', value: (r) => r.user_name },
  { header: 'Departamento', value: (r) => r.department },
  { header: 'Puesto', value: (r) => r.position },
  { header: 'Evaluación', value: (r) => r.evaluation_name },
  { header: 'Periodo', value: (r) => r.period, width: 12 },
  { header: 'Resultado (%)', value: (r) => r.overall_percentage, kind: 'percent' },
];
