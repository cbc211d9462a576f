import type { Paged, V2Evaluation } from '@evalua/contracts';
import { Stack, Table, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedList } from '../../app/lists/PagedList';
import { ScrollTable } from '../../app/lists/ScrollTable';
import type { usePagedSearch } from '../../app/lists/usePagedSearch';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { EvaluationRowActions, type RowAction } from './EvaluationRowActions';
import { V2StatusBadge } from '../../components/V2StatusBadge';
import { V2_EVALUATIONS_PAGE_SIZE } from '../../api/queries/v2-evaluations';

const t = messages.evaluationsV2;

interface Props {
  list: UseQueryResult<Paged<V2Evaluation>>;
  paging: ReturnType<typeof usePagedSearch>;
  onAction: (action: RowAction, evaluation: V2Evaluation) => void;
}

function weight(value: number): string {
  return formatPercent(value, Number.isInteger(value) ? 0 : 2);
}

/** The paged, searchable table of 360 evaluations with their status, weights, counts and actions. */
export function EvaluationsList({ list, paging, onAction }: Props) {
  const { q } = paging;
  return (
    <Stack>
      <Title order={2} size="h3">
        Evaluaciones
      </Title>
      <PagedList
        list={list}
        paging={paging}
        pageSize={V2_EVALUATIONS_PAGE_SIZE}
        searchLabel="Buscar evaluación"
        searchPlaceholder="Nombre o periodo"
        loadingLabel="Cargando evaluaciones"
        errorText={t.loadError}
        emptyText={q ? t.noResults(q) : t.empty}
        pagerLabel="Páginas de evaluaciones"
      >
        {(rows) => (
          <ScrollTable label="Evaluaciones 360" minWidth={1000}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Periodo</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Competencias</Table.Th>
                  <Table.Th>Objetivos</Table.Th>
                  <Table.Th>Ítems</Table.Th>
                  <Table.Th>Asignaciones completadas</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{e.name}</Table.Td>
                    <Table.Td>{e.period}</Table.Td>
                    <Table.Td>
                      <V2StatusBadge status={e.status} />
                    </Table.Td>
                    <Table.Td>{weight(e.weight_competencies)}</Table.Td>
                    <Table.Td>{weight(e.weight_objectives)}</Table.Td>
                    <Table.Td>{e.item_count}</Table.Td>
                    <Table.Td>
                      {e.completed_count} / {e.assignment_count}
                    </Table.Td>
                    <Table.Td>
                      <EvaluationRowActions evaluation={e} onAction={onAction} />
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
