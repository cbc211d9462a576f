import type { Category, Collaborator, Paged } from '@evalua/contracts';
import { Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedList } from '../../components/lists/PagedList';
import { RowActions } from '../../components/lists/RowActions';
import { EmailText } from '../../components/lists/EmailText';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import type { usePagedSearch } from '../../components/lists/usePagedSearch';
import { AccessLinkButton } from '../../components/AccessLinkButton';
import { messages } from '../../i18n/messages';
import { STAFF_PAGE_SIZE } from '../../api/queries/staff';

interface Props {
  list: UseQueryResult<Paged<Collaborator>>;
  paging: ReturnType<typeof usePagedSearch>;
  categories: Category[];
  onEdit: (c: Collaborator) => void;
  onDelete: (c: Collaborator) => void;
}

const t = messages.staff;
const dash = (v: string | null) => v || '—';

/** The paged, searchable table of collaborators with their edit and delete buttons. */
export function CollaboratorsList({ list, paging, categories, onEdit, onDelete }: Props) {
  const { q } = paging;
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <Stack>
      <Title order={2} size="h4">
        Lista de colaboradores
      </Title>
      <PagedList
        list={list}
        paging={paging}
        pageSize={STAFF_PAGE_SIZE}
        searchLabel="Buscar colaborador"
        searchPlaceholder="Nombre o correo"
        loadingLabel="Cargando colaboradores"
        errorText={t.collaboratorsLoadError}
        emptyText={q ? t.noResults(q) : t.collaboratorsEmpty}
        pagerLabel="Páginas de colaboradores"
      >
        {(rows) => (
          <ResponsiveTable
            label="Colaboradores"
            rows={rows}
            rowKey={(c) => c.id}
            columns={[
              { header: 'Nombre', title: true, cell: (c) => c.name },
              { header: 'Puesto', cell: (c) => dash(c.position) },
              { header: 'Departamento', cell: (c) => dash(c.department) },
              { header: 'Correo electrónico', cell: (c) => <EmailText email={c.email} /> },
              {
                header: 'Categoría',
                cell: (c) => (c.category_id === null ? '—' : (categoryName.get(c.category_id) ?? '—')),
              },
              {
                header: 'Acciones',
                actions: true,
                nowrap: false,
                cell: (c) => (
                  <RowActions name={c.name} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)}>
                    <AccessLinkButton user={c} />
                  </RowActions>
                ),
              },
            ]}
          />
        )}
      </PagedList>
    </Stack>
  );
}
