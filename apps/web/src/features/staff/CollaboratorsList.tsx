import type { Category, Collaborator, Paged } from '@evalua/contracts';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { STAFF_PAGE_SIZE } from './api/paging';
import { Pager } from '../../app/lists/Pager';
import { SearchInput } from '../../app/lists/SearchInput';
import type { usePagedSearch } from '../../app/lists/usePagedSearch';

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
  const { search, setSearch, q, page, setPage } = paging;
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Title order={2} size="h4">
        Lista de colaboradores
      </Title>
      <SearchInput
        label="Buscar colaborador"
        placeholder="Nombre o correo"
        value={search}
        onChange={setSearch}
      />
      {list.isPending && <Loader role="status" aria-label="Cargando colaboradores" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {t.collaboratorsLoadError}
        </Alert>
      )}
      {list.data && rows.length === 0 && <Text>{q ? t.noResults(q) : t.collaboratorsEmpty}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
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
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onEdit(c)}
                        aria-label={`Editar ${c.name}`}
                      >
                        Editar
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => onDelete(c)}
                        aria-label={`Eliminar ${c.name}`}
                      >
                        Eliminar
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <Pager
          label="Páginas de colaboradores"
          page={page}
          pageSize={STAFF_PAGE_SIZE}
          total={list.data.total}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
