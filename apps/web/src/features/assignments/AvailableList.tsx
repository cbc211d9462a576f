import { AVAILABLE_PAGE_SIZE, type AvailableCollaborator, type Evaluator } from '@evalua/contracts';
import { Button, Paper, Stack, Table, Title } from '@mantine/core';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { useActionError } from '../../app/feedback/useActionError';
import { PagedList } from '../../app/lists/PagedList';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { usePagedSearch } from '../../app/lists/usePagedSearch';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useAddAssignment, useAvailable } from './api/assignments';

const t = messages.assignments;
const dash = (v: string | null) => v || '—';

/** Active non-admin people not yet assigned to the evaluator: searched and paged (5) on the server. */
export function AvailableList({ evaluator }: { evaluator: Evaluator }) {
  const paging = usePagedSearch();
  const { q, page, setPage } = paging;
  const list = useAvailable(evaluator.id, { q, page });
  const add = useAddAssignment();
  const { error, clear, run } = useActionError();

  const assign = (person: AvailableCollaborator) =>
    run(async () => {
      await add.mutateAsync({ evaluator_id: evaluator.id, collaborator_id: person.id });
      if (list.data?.rows.length === 1 && page > 1) setPage(page - 1);
      notify.success(t.added(person.name));
    }, t.addError);

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Agregar colaboradores
        </Title>
        {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
        <PagedList
          list={list}
          paging={paging}
          pageSize={AVAILABLE_PAGE_SIZE}
          searchLabel="Buscar persona disponible"
          searchPlaceholder="Nombre"
          loadingLabel="Cargando personas disponibles"
          errorText={t.availableLoadError}
          emptyText={q ? t.noResults(q) : t.availableEmpty}
          pagerLabel="Páginas de personas disponibles"
        >
          {(rows) => (
            <ScrollTable label="Colaboradores disponibles" minWidth={560}>
              <Table striped highlightOnHover aria-label="Personas disponibles">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nombre</Table.Th>
                    <Table.Th>Correo electrónico</Table.Th>
                    <Table.Th>Puesto</Table.Th>
                    <Table.Th>Departamento</Table.Th>
                    <Table.Th>Acción</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.name}</Table.Td>
                      <Table.Td>{dash(p.email)}</Table.Td>
                      <Table.Td>{dash(p.position)}</Table.Td>
                      <Table.Td>{dash(p.department)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => void assign(p)}
                          loading={add.isPending && add.variables?.collaborator_id === p.id}
                          aria-label={`Asignar ${p.name}`}
                        >
                          Asignar
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </PagedList>
      </Stack>
    </Paper>
  );
}
