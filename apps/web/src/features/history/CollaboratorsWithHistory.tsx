import type { HistoryCollaborator } from '@evalua/contracts';
import { Alert, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Pager } from '../../app/lists/Pager';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { SearchInput } from '../../app/lists/SearchInput';
import type { usePagedSearch } from '../../app/lists/usePagedSearch';
import { messages } from '../../i18n/messages';
import { HISTORY_PAGE_SIZE } from '../../api/queries/history';
import { useCollaboratorsWithHistory } from './api/history';

const t = messages.history;
const dash = (v: string | null) => v || '—';

interface Props {
  paging: ReturnType<typeof usePagedSearch>;
  selectedId: number | null;
  onSelect: (c: HistoryCollaborator) => void;
}

/** The people who have results, paged by 10 on the server, searchable by name. */
export function CollaboratorsWithHistory({ paging, selectedId, onSelect }: Props) {
  const { search, setSearch, q, page, setPage } = paging;
  const list = useCollaboratorsWithHistory({ q, page });
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Colaboradores con evaluaciones
      </Title>
      <SearchInput
        label="Buscar colaborador"
        placeholder="Nombre del colaborador"
        value={search}
        onChange={setSearch}
      />
      {list.isPending && <Loader role="status" aria-label="Cargando colaboradores" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {t.loadError}
        </Alert>
      )}
      {list.data && rows.length === 0 && <Text>{q ? t.noResults(q) : t.listEmpty}</Text>}
      {rows.length > 0 && (
        <ScrollTable label="Colaboradores con evaluaciones" minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Puesto</Table.Th>
                <Table.Th>Departamento</Table.Th>
                <Table.Th>Evaluaciones</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => {
                const selected = c.collaborator_id === selectedId;
                return (
                  <Table.Tr key={c.collaborator_id} bg={selected ? 'var(--mantine-color-blue-0)' : undefined}>
                    <Table.Td>{c.collaborator_name}</Table.Td>
                    <Table.Td>{dash(c.position)}</Table.Td>
                    <Table.Td>{dash(c.department)}</Table.Td>
                    <Table.Td>{c.evaluations_count}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant={selected ? 'filled' : 'light'}
                        aria-pressed={selected}
                        aria-label={`Ver historial de ${c.collaborator_name}`}
                        onClick={() => onSelect(c)}
                      >
                        Ver historial
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {list.data && (
        <Pager
          label="Páginas de colaboradores"
          page={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={list.data.total}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
