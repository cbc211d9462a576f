import type { Category, Collaborator, Paged } from '@evalua/contracts';
import { Stack, Table, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedList } from '../../app/lists/PagedList';
import { RowActions } from '../../app/lists/RowActions';
import { ScrollTable } from '../../app/lists/ScrollTable';
import type { usePagedSearch } from '../../app/lists/usePagedSearch';
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
          <ScrollTable label="Colaboradores" minWidth={720}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Puesto</Table.Th>
                  <Table.Th>Departamento</Table.Th>
                  <Table.Th>Correo electrónico</Table.Th>
                  <Table.Th>Categoría</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{dash(c.position)}</Table.Td>
                    <Table.Td>{dash(c.department)}</Table.Td>
                    <Table.Td>{dash(c.email)}</Table.Td>
                    <Table.Td>
                      {c.category_id === null ? '—' : (categoryName.get(c.category_id) ?? '—')}
                    </Table.Td>
                    <Table.Td>
                      <RowActions name={c.name} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </PagedList>
    </Stack>
  );
}
