import type { HistoryCollaborator } from '@evalua/contracts';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Pager } from '../../components/lists/Pager';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { SearchInput } from '../../components/lists/SearchInput';
import type { usePagedSearch } from '../../components/lists/usePagedSearch';
import { messages } from '../../i18n/messages';
import { HISTORY_PAGE_SIZE } from '../../api/queries/v1-results';
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
        <ResponsiveTable
          label="Colaboradores con evaluaciones"
          rows={rows}
          rowKey={(c) => c.collaborator_id}
          rowState={(c) => ({ highlighted: c.collaborator_id === selectedId })}
          columns={[
            { header: 'Nombre', title: true, cell: (c) => c.collaborator_name },
            { header: 'Puesto', cell: (c) => dash(c.position) },
            { header: 'Departamento', cell: (c) => dash(c.department) },
            { header: 'Evaluaciones', cell: (c) => c.evaluations_count },
            {
              header: 'Acciones',
              actions: true,
              cell: (c) => {
                const selected = c.collaborator_id === selectedId;
                return (
                  <Button
                    size="xs"
                    variant={selected ? 'filled' : 'light'}
                    aria-pressed={selected}
                    aria-label={`Ver historial de ${c.collaborator_name}`}
                    onClick={() => onSelect(c)}
                  >
                    Ver historial
                  </Button>
                );
              },
            },
          ]}
        />
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
