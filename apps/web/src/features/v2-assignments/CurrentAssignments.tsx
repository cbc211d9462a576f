import { Paper, Stack, Text, Title } from '@mantine/core';
import { PagedList } from '../../app/lists/PagedList';
import { ResponsiveTable } from '../../app/lists/ResponsiveTable';
import { usePagedSearch } from '../../app/lists/usePagedSearch';
import { messages } from '../../i18n/messages';
import { V2_ASSIGNMENTS_PAGE_SIZE } from '../../api/queries/v2-assignments';
import { useAssignmentList } from './api/assignments';
import { relationLabel, statusOf } from './format';

const t = messages.v2Assignments;

/** A person as a cell: the name, and the id below it (the id is what the batch form takes). */
export function PersonCell({ id, name }: { id: number; name?: string | undefined }) {
  return (
    <>
      {name && <Text size="sm">{name}</Text>}
      <Text size="xs" c="dimmed">
        ID {id}
      </Text>
    </>
  );
}

/** The evaluation's current assignments: ID, Evaluator, Evaluatee, Relación, Estado (paged, searchable). */
export function CurrentAssignments({ evaluationId }: { evaluationId: number }) {
  const paging = usePagedSearch();
  const { q, page } = paging;
  const list = useAssignmentList(evaluationId, { q, page });

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Asignaciones actuales
        </Title>
        <PagedList
          list={list}
          paging={paging}
          pageSize={V2_ASSIGNMENTS_PAGE_SIZE}
          searchLabel="Buscar asignación"
          searchPlaceholder="Nombre del evaluador o del evaluado"
          loadingLabel="Cargando asignaciones"
          errorText={t.loadError}
          emptyText={q ? t.noMatches(q) : t.empty}
          pagerLabel="Páginas de asignaciones"
        >
          {(rows) => (
            <ResponsiveTable
              label="Asignaciones actuales"
              rows={rows}
              rowKey={(a) => a.id}
              cardTitle={(a) => `Asignación ${a.id}`}
              columns={[
                { header: 'ID', title: true, cell: (a) => a.id },
                {
                  header: 'Evaluator',
                  cell: (a) => <PersonCell id={a.evaluator_id} name={a.evaluator_name} />,
                },
                {
                  header: 'Evaluatee',
                  cell: (a) => <PersonCell id={a.evaluatee_id} name={a.evaluatee_name} />,
                },
                { header: 'Relación', cell: (a) => relationLabel(a.relation) },
                {
                  header: 'Estado',
                  cell: (a) => {
                    const status = statusOf(a.status);
                    return (
                      <>
                        <Text size="sm">{status.value}</Text>
                        <Text size="xs" c="dimmed">
                          {status.label}
                        </Text>
                      </>
                    );
                  },
                },
              ]}
            />
          )}
        </PagedList>
      </Stack>
    </Paper>
  );
}
