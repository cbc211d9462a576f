import { v2EvaluationAllows, type Paged, type V2Evaluation } from '@evalua/contracts';
import { Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedList } from '../../components/lists/PagedList';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import type { usePagedSearch } from '../../components/lists/usePagedSearch';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { EvaluationRowActions, type RowAction } from './EvaluationRowActions';
import { DueDate } from '../../components/DueDate';
import { V2StatusBadge } from '../../components/V2StatusBadge';
import { V2_EVALUATIONS_PAGE_SIZE } from '../../api/queries/v2-evaluations';

const t = messages.evaluationsV2;

interface Props {
  list: UseQueryResult<Paged<V2Evaluation>>;
  paging: ReturnType<typeof usePagedSearch>;
  onAction: (action: RowAction, evaluation: V2Evaluation) => void;
  /** The evaluation whose reminder is being prepared or sent. */
  remindingId?: number | null;
}

function weight(value: number): string {
  return formatPercent(value, Number.isInteger(value) ? 0 : 2);
}

/** The paged, searchable table of 360 evaluations with their status, weights, counts and actions. */
export function EvaluationsList({ list, paging, onAction, remindingId = null }: Props) {
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
          <ResponsiveTable
            label="Evaluaciones 360"
            rows={rows}
            rowKey={(e) => e.id}
            cardsBelow={760}
            columns={[
              { header: 'Nombre', title: true, cell: (e) => e.name },
              { header: 'Periodo', cell: (e) => e.period },
              { header: 'Estado', cell: (e) => <V2StatusBadge status={e.status} /> },
              {
                header: 'Fecha límite',
                cell: (e) => <DueDate due={e.due_date} pending={v2EvaluationAllows(e.status).answer} />,
              },
              { header: 'Competencias', nowrap: true, cell: (e) => weight(e.weight_competencies) },
              { header: 'Objetivos', nowrap: true, cell: (e) => weight(e.weight_objectives) },
              { header: 'Ítems', cell: (e) => e.item_count },
              {
                header: 'Asignaciones completadas',
                nowrap: true,
                cell: (e) => `${e.completed_count} / ${e.assignment_count}`,
              },
              {
                header: 'Acciones',
                actions: true,
                nowrap: false,
                cell: (e) => (
                  <EvaluationRowActions evaluation={e} onAction={onAction} reminding={remindingId === e.id} />
                ),
              },
            ]}
          />
        )}
      </PagedList>
    </Stack>
  );
}
