import type { UserListRow } from '@evalua/contracts';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { PagedList } from '../../app/lists/PagedList';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { usePagedSearch } from '../../app/lists/usePagedSearch';
import { messages } from '../../i18n/messages';
import { USERS_PAGE_SIZE, useUsersPage } from './api/users';
import { dash } from './format';

const t = messages.v2Assignments;

interface Props {
  onAssign: (user: UserListRow) => void;
}

/** Every user (Usuario, Departamento, Puesto), 10 per page with search, each with 'Asignar evaluadores…'. */
export function PeopleTable({ onAssign }: Props) {
  const paging = usePagedSearch();
  const { q, page } = paging;
  const list = useUsersPage({ q, page });

  return (
    <PagedList
      list={list}
      paging={paging}
      pageSize={USERS_PAGE_SIZE}
      searchLabel="Buscar usuario"
      searchPlaceholder="Nombre o correo electrónico"
      loadingLabel="Cargando usuarios"
      errorText={t.usersError}
      emptyText={q ? t.usersNoMatches(q) : t.usersEmpty}
      pagerLabel="Páginas de usuarios"
    >
      {(rows) => (
        <ScrollTable label="Usuarios" minWidth={560}>
          <Table striped highlightOnHover aria-label="Usuarios">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Departamento</Table.Th>
                <Table.Th>Puesto</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    {u.name}
                    {!u.status && (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        (inactivo)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{dash(u.department)}</Table.Td>
                  <Table.Td>{dash(u.position)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onAssign(u)}
                      aria-label={`Asignar evaluadores a ${u.name}`}
                    >
                      Asignar evaluadores…
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </PagedList>
  );
}
