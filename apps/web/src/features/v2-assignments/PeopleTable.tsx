import type { UserListRow } from '@evalua/contracts';
import { Button, Text } from '@mantine/core';
import { PagedList } from '../../components/lists/PagedList';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
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
        <ResponsiveTable
          label="Usuarios"
          rows={rows}
          rowKey={(u) => u.id}
          columns={[
            {
              header: 'Usuario',
              title: true,
              cell: (u) => (
                <>
                  {u.name}
                  {!u.status && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      (inactivo)
                    </Text>
                  )}
                </>
              ),
            },
            { header: 'Departamento', cell: (u) => dash(u.department) },
            { header: 'Puesto', cell: (u) => dash(u.position) },
            {
              header: 'Acciones',
              headerHidden: true,
              actions: true,
              cell: (u) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onAssign(u)}
                  aria-label={`Asignar evaluadores a ${u.name}`}
                >
                  Asignar evaluadores…
                </Button>
              ),
            },
          ]}
        />
      )}
    </PagedList>
  );
}
