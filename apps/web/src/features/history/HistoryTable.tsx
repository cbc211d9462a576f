import type { EvaluationHistoryRow } from '@evalua/contracts';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatDate, formatPercent } from '../../i18n/format';

interface Props {
  rows: EvaluationHistoryRow[];
  /** Where each row's report opens (/report-detail/… for managers, /report/… for oneself). */
  reportPath: (row: EvaluationHistoryRow) => string;
  caption: string;
}

const percent = (v: number | null) => (v === null ? '—' : formatPercent(v));

/** One row per evaluation, newest first, figures averaged over its evaluators (2 decimals). */
export function HistoryTable({ rows, reportPath, caption }: Props) {
  return (
    <ScrollTable label={caption} minWidth={760}>
      <Table striped highlightOnHover captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Evaluación</Table.Th>
            <Table.Th>Período</Table.Th>
            <Table.Th>Resultado</Table.Th>
            <Table.Th>Competencias</Table.Th>
            <Table.Th>Objetivos</Table.Th>
            <Table.Th>Evaluadores</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Reporte</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.evaluation_id}>
              <Table.Td>{r.evaluation_name}</Table.Td>
              <Table.Td>{r.period}</Table.Td>
              <Table.Td fw={600}>{formatPercent(r.overall_percentage)}</Table.Td>
              <Table.Td>{percent(r.competencies_percentage)}</Table.Td>
              <Table.Td>{percent(r.objectives_percentage)}</Table.Td>
              <Table.Td>{r.evaluators_count}</Table.Td>
              <Table.Td>{formatDate(r.created_at)}</Table.Td>
              <Table.Td>
                <Anchor
                  size="sm"
                  component={Link}
                  to={reportPath(r)}
                  aria-label={`Ver reporte de ${r.evaluation_name}`}
                >
                  Ver reporte
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
