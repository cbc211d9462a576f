import type { AuditRow } from '@evalua/contracts';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatDateTime } from '../../i18n/format';
import { AuditDiff } from './AuditDiff';
import { actionLabel, entityLabel } from './labels';

interface Props {
  rows: AuditRow[];
}

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

  const changesLabel = (row: AuditRow, expanded: boolean) =>
    `${expanded ? 'Ocultar' : 'Ver'} cambios: ${actionLabel(row.action)} de ${entityLabel(row.entity)} ${row.entity_id ?? ''}`.trim();

  return (
    <ResponsiveTable
      label="Registro de auditoría"
      headingLevel={2}
      rows={rows}
      rowKey={(row) => row.id}
      cardTitle={(row) =>
        `${actionLabel(row.action)} de ${entityLabel(row.entity)} ${row.entity_id ?? ''}`.trim()
      }
      detail={(row) =>
        open.has(row.id) ? { id: `audit-detail-${row.id}`, content: <AuditDiff row={row} /> } : null
      }
      columns={[
        {
          header: 'Fecha y hora',
          cell: (row) => (
            <time dateTime={row.created_at}>{formatDateTime(row.created_at, { seconds: true })}</time>
          ),
        },
        {
          header: 'Usuario',
          cell: (row) => row.user_name ?? (row.user_id === null ? 'Sistema' : `Usuario ${row.user_id}`),
        },
        { header: 'Acción', cell: (row) => actionLabel(row.action) },
        { header: 'Entidad', cell: (row) => entityLabel(row.entity) },
        { header: 'Id', cell: (row) => row.entity_id ?? '—' },
        {
          header: 'Detalle',
          actions: true,
          cell: (row) => {
            const expanded = open.has(row.id);
            return (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-expanded={expanded}
                aria-controls={expanded ? `audit-detail-${row.id}` : undefined}
                aria-label={changesLabel(row, expanded)}
                onClick={() => toggle(row.id)}
              >
                {expanded ? 'Ocultar cambios' : 'Ver cambios'}
              </Button>
            );
          },
        },
      ]}
    />
  );
}
