import type { AuditRow } from '@evalua/contracts';
import { Button, Table } from '@mantine/core';
import { Fragment, useState } from 'react';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatDateTime } from '../../i18n/format';
import { AuditDiff } from './AuditDiff';
import { actionLabel, entityLabel } from './labels';

interface Props {
  rows: AuditRow[];
}

const COLUMNS = 6;

/** One line per entry; "Ver cambios" opens the entry's before/after under it. */
export function AuditTable({ rows }: Props) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ScrollTable label="Registros de auditoría" minWidth={720}>
      <Table striped highlightOnHover aria-label="Registro de auditoría">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Fecha y hora</Table.Th>
            <Table.Th scope="col">Usuario</Table.Th>
            <Table.Th scope="col">Acción</Table.Th>
            <Table.Th scope="col">Entidad</Table.Th>
            <Table.Th scope="col">Id</Table.Th>
            <Table.Th scope="col">Detalle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const expanded = open.has(row.id);
            const detailId = `audit-detail-${row.id}`;
            return (
              <Fragment key={row.id}>
                <Table.Tr>
                  <Table.Td>
                    <time dateTime={row.created_at}>{formatDateTime(row.created_at, { seconds: true })}</time>
                  </Table.Td>
                  <Table.Td>
                    {row.user_name ?? (row.user_id === null ? 'Sistema' : `Usuario ${row.user_id}`)}
                  </Table.Td>
                  <Table.Td>{actionLabel(row.action)}</Table.Td>
                  <Table.Td>{entityLabel(row.entity)}</Table.Td>
                  <Table.Td>{row.entity_id ?? '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailId : undefined}
                      aria-label={`${expanded ? 'Ocultar' : 'Ver'} cambios: ${actionLabel(row.action)} de ${entityLabel(row.entity)} ${row.entity_id ?? ''}`.trim()}
                      onClick={() => toggle(row.id)}
                    >
                      {expanded ? 'Ocultar cambios' : 'Ver cambios'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={detailId}>
                    <Table.Td colSpan={COLUMNS}>
                      <AuditDiff row={row} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
