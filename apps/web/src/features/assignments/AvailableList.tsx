import { AVAILABLE_PAGE_SIZE, type AvailableCollaborator, type Evaluator } from '@evalua/contracts';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { PagedList } from '../../components/lists/PagedList';
import { EmailText } from '../../components/lists/EmailText';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { notify } from '../../components/feedback/notify';
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
            <ResponsiveTable
              label="Personas disponibles"
              rows={rows}
              rowKey={(p) => p.id}
              columns={[
                { header: 'Nombre', title: true, cell: (p) => p.name },
                { header: 'Correo electrónico', cell: (p) => <EmailText email={p.email} /> },
                { header: 'Puesto', cell: (p) => dash(p.position) },
                { header: 'Departamento', cell: (p) => dash(p.department) },
                {
                  header: 'Acción',
                  actions: true,
                  cell: (p) => (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => void assign(p)}
                      loading={add.isPending && add.variables?.collaborator_id === p.id}
                      aria-label={`Asignar ${p.name}`}
                    >
                      Asignar
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </PagedList>
      </Stack>
    </Paper>
  );
}
