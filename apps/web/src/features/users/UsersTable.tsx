import { ROLE_LABELS, type UserListRow } from '@evalua/contracts';
import { Button, Group, Table } from '@mantine/core';
import { EditButton } from '../../app/lists/RowActions';

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
    <Table.ScrollContainer minWidth={960} type="native">
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Correo electrónico</Table.Th>
            <Table.Th>Rol</Table.Th>
            <Table.Th>Puesto</Table.Th>
            <Table.Th>Departamento</Table.Th>
            <Table.Th>Categoría</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((u) => {
            const locked = u.role === 'admin' && !canChangeAdmins;
            return (
              <Table.Tr key={u.id}>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{blank(u.email)}</Table.Td>
                <Table.Td>{ROLE_LABELS[u.role]}</Table.Td>
                <Table.Td>{blank(u.position)}</Table.Td>
                <Table.Td>{blank(u.department)}</Table.Td>
                <Table.Td>{blank(u.category_name)}</Table.Td>
                <Table.Td>{u.status ? 'Activo' : 'Inactivo'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <EditButton name={u.name} editTo={`/edit-user/${u.id}`} />
                    <Button
                      size="xs"
                      variant="light"
                      color={u.status ? 'red' : 'green'}
                      disabled={locked}
                      loading={pendingId === u.id}
                      onClick={() => onToggleStatus(u)}
                      aria-label={`${u.status ? 'Desactivar' : 'Activar'} ${u.name}`}
                    >
                      {u.status ? 'Desactivar' : 'Activar'}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
