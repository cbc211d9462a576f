import { ROLE_LABELS, type UserListRow } from '@evalua/contracts';
import { Button, Group } from '@mantine/core';
import { EmailText } from '../../app/lists/EmailText';
import { ResponsiveTable } from '../../app/lists/ResponsiveTable';
import { EditButton } from '../../app/lists/RowActions';
import { AccessLinkButton } from '../../components/AccessLinkButton';

interface Props {
  rows: UserListRow[];
  /** Whether administrators' rows may be changed (only an admin may). */
  canChangeAdmins: boolean;
  /** The user whose status is being changed right now, if any. */
  pendingId: number | null;
  onToggleStatus: (user: UserListRow) => void;
}

const blank = (value: string | null) => value || '—';

/** One page of users: who they are, their role and status, and what can be done with each. */
export function UsersTable({ rows, canChangeAdmins, pendingId, onToggleStatus }: Props) {
  return (
    <ResponsiveTable
      label="Usuarios"
      headingLevel={2}
      rows={rows}
      rowKey={(u) => u.id}
      cardsBelow={560}
      columns={[
        // The id the 360 batch panel takes (decision 035).
        { header: 'ID', nowrap: true, cell: (u) => u.id },
        { header: 'Nombre', title: true, cell: (u) => u.name },
        { header: 'Correo electrónico', cell: (u) => <EmailText email={u.email} /> },
        { header: 'Rol', cell: (u) => ROLE_LABELS[u.role] },
        { header: 'Puesto', cell: (u) => blank(u.position) },
        { header: 'Departamento', cell: (u) => blank(u.department) },
        { header: 'Categoría', cell: (u) => blank(u.category_name) },
        { header: 'Estado', cell: (u) => (u.status ? 'Activo' : 'Inactivo') },
        {
          header: 'Acciones',
          actions: true,
          // Eight columns: the buttons may stack, so that the table still fits a 1280 px screen.
          nowrap: false,
          cell: (u) => (
            <Group gap="xs">
              <EditButton name={u.name} editTo={`/edit-user/${u.id}`} />
              <Button
                size="xs"
                variant="light"
                color={u.status ? 'red' : 'green'}
                disabled={u.role === 'admin' && !canChangeAdmins}
                loading={pendingId === u.id}
                onClick={() => onToggleStatus(u)}
                aria-label={`${u.status ? 'Desactivar' : 'Activar'} ${u.name}`}
              >
                {u.status ? 'Desactivar' : 'Activar'}
              </Button>
              {(u.role !== 'admin' || canChangeAdmins) && <AccessLinkButton user={u} active={u.status} />}
            </Group>
          ),
        },
      ]}
    />
  );
}
