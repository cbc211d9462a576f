import type { ReportRow } from '@evalua/contracts';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatPercent } from '../../i18n/format';

const dash = (v: string | null) => v || '—';

/** One row per evaluated person and evaluation, with the link to the full report. */
export function ReportsTable({ rows }: { rows: ReportRow[] }) {
  return (
    <ScrollTable label="Reportes" minWidth={760}>
      <Table striped highlightOnHover aria-label="Reportes de evaluación">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Colaborador</Table.Th>
            <Table.Th>Departamento</Table.Th>
            <Table.Th>Puesto</Table.Th>
            <Table.Th>Evaluación</Table.Th>
            <Table.Th>Periodo</Table.Th>
            <Table.Th ta="right">Resultado</Table.Th>
            <Table.Th>Acción</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.evaluation_id}-${r.user_id}`}>
              <Table.Td>{r.user_name}</Table.Td>
              <Table.Td>{dash(r.department)}</Table.Td>
              <Table.Td>{dash(r.position)}</Table.Td>
              <Table.Td>{r.evaluation_name}</Table.Td>
              <Table.Td>{r.period}</Table.Td>
              <Table.Td ta="right">{formatPercent(r.overall_percentage)}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  style={{ whiteSpace: 'nowrap' }}
                  to={`/report/${r.evaluation_id}/${r.user_id}`}
                  aria-label={`Ver reporte de ${r.user_name}, ${r.evaluation_name} ${r.period}`}
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
