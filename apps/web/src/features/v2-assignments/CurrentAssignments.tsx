import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { PagedList } from '../../app/lists/PagedList';
import { ScrollTable } from '../../app/lists/ScrollTable';
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
            <ScrollTable label="Asignaciones actuales" minWidth={520}>
              <Table striped highlightOnHover aria-label="Asignaciones actuales">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>ID</Table.Th>
                    <Table.Th>Evaluator</Table.Th>
                    <Table.Th>Evaluatee</Table.Th>
                    <Table.Th>Relación</Table.Th>
                    <Table.Th>Estado</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((a) => {
                    const status = statusOf(a.status);
                    return (
                      <Table.Tr key={a.id}>
                        <Table.Td>{a.id}</Table.Td>
                        <Table.Td>
                          <PersonCell id={a.evaluator_id} name={a.evaluator_name} />
                        </Table.Td>
                        <Table.Td>
                          <PersonCell id={a.evaluatee_id} name={a.evaluatee_name} />
                        </Table.Td>
                        <Table.Td>{relationLabel(a.relation)}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{status.value}</Text>
                          <Text size="xs" c="dimmed">
                            {status.label}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </PagedList>
      </Stack>
    </Paper>
  );
}
