import { ROLE_LABELS, type UserListRow } from '@evalua/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { EmailText } from '../../components/lists/EmailText';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { EditButton } from '../../components/lists/RowActions';
import { AccessLinkButton } from '../../components/AccessLinkButton';
import { RaterStandingBadge } from '../../components/RaterStandingBadge';

interface Props {
  rows: UserListRow[];
  /** Whether administrators' rows may be changed (only an admin may). */
  canChangeAdmins: boolean;
  /** The user whose status is being changed right now, if any. */
  pendingId: number | null;
  onToggleStatus: (user: UserListRow) => void;
  /** Administrators confirm addresses (decision 040); absent for everyone else. */
  onConfirmEmail?: (user: UserListRow) => void;
  /** The user whose address is being confirmed right now, if any. */
  confirmingId?: number | null;
}

const blank = (value: string | null) => value || '—';

/** One page of users: who they are, their role and status, and what can be done with each. */
export function UsersTable({
  rows,
  canChangeAdmins,
  pendingId,
  onToggleStatus,
  onConfirmEmail,
  confirmingId = null,
}: Props) {
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
        {
          header: 'Correo electrónico',
          // Whether the person's 360 answers count toward anonymity, and why not (decision 040).
          cell: (u) => (
            <Stack gap={4} align="flex-start">
              <EmailText email={u.email} />
              <RaterStandingBadge standing={u.rater_standing} />
            </Stack>
          ),
        },
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
              {onConfirmEmail && u.email !== null && !u.email_confirmed && (
                <Button
                  size="xs"
                  variant="light"
                  color="teal"
                  loading={confirmingId === u.id}
                  onClick={() => onConfirmEmail(u)}
                  aria-label={`Confirmar el correo de ${u.name}`}
                >
                  Confirmar correo
                </Button>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
