import type { UserListRow } from '@evalua/contracts';
import { Button, Text } from '@mantine/core';
import { PagedList } from '../../components/lists/PagedList';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { messages } from '../../i18n/messages';
import { useRaterCounts } from './api/rater-counts';
import { USERS_PAGE_SIZE, useUsersPage } from './api/users';
import { dash, ratersText } from './format';

const t = messages.v2Assignments;

interface Props {
  evaluationId: number;
  onAssign: (user: UserListRow) => void;
}

/**
 * Every user (Usuario, Departamento, Puesto), 10 per page with search, each with how many raters
 * they have in this 360 (issue 30 §7) and 'Asignar evaluadores…'.
 */
export function PeopleTable({ evaluationId, onAssign }: Props) {
  const paging = usePagedSearch();
  const { q, page } = paging;
  const list = useUsersPage({ q, page });
  const counts = useRaterCounts(evaluationId, list.data?.rows.map((u) => u.id) ?? []);

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
              header: 'Evaluadores',
              nowrap: true,
              cell: (u) => ratersText(counts.data?.get(u.id), counts.isError),
            },
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
