import {
  RELATION_LABELS,
  v2AssignmentAllows,
  v2AssignmentStands,
  type Relation,
  type V2AssignmentRow,
} from '@evalua/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useConfirm } from '../../components/feedback/useConfirm';
import { notify } from '../../components/feedback/notify';
import { PagedList } from '../../components/lists/PagedList';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { messages } from '../../i18n/messages';
import { V2_ASSIGNMENTS_PAGE_SIZE } from '../../api/queries/v2-assignments';
import { useAssignmentList, useChangeRelation, type RelationCall } from './api/assignments';
import { multipleManagersRefusal } from './batch';
import { relationLabel, statusOf } from './format';
import { RaterStandingBadge } from '../../components/RaterStandingBadge';
import { RelationSelect } from './RelationSelect';

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

/** A relation change the server asked HR to confirm (a second manager), with its sentence. */
interface ManagersQuestion {
  call: RelationCall;
  row: V2AssignmentRow;
  message: string;
}

/**
 * The evaluation's current assignments: ID, Evaluator, Evaluatee, Relación, Estado (paged,
 * searchable). While the evaluation is not closed, the relation of an assignment not completed can
 * be changed in its row (decision 035).
 */
export function CurrentAssignments({
  evaluationId,
  closed = false,
}: {
  evaluationId: number;
  closed?: boolean;
}) {
  const paging = usePagedSearch();
  const { q, page } = paging;
  const list = useAssignmentList(evaluationId, { q, page });
  const change = useChangeRelation(evaluationId);
  const [error, setError] = useState<string | null>(null);

  /** Sends the change; answers the server's sentence when it asks to confirm a second manager. */
  const send = async (row: V2AssignmentRow, call: RelationCall): Promise<string | null> => {
    setError(null);
    try {
      await change.mutateAsync(call);
      notify.success(t.relationSaved(row.evaluator_name, RELATION_LABELS[call.relation]));
      return null;
    } catch (err) {
      const question = call.allowMultipleManagers ? null : multipleManagersRefusal(err);
      if (!question) setError(errorText(err, t.relationError, 'client'));
      return question;
    }
  };
  const managers = useConfirm<ManagersQuestion>(async ({ row, call }) => {
    await send(row, { ...call, allowMultipleManagers: true });
  });
  const changeRelation = async (row: V2AssignmentRow, relation: Relation) => {
    const call = { id: row.id, relation };
    const question = await send(row, call);
    if (question) managers.ask({ call, row, message: question });
  };
  const editable = (a: V2AssignmentRow) => !closed && v2AssignmentAllows(a.status).change;

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Asignaciones actuales
        </Title>
        {error && <ErrorBanner onClose={() => setError(null)}>{error}</ErrorBanner>}
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
                {
                  header: 'Relación',
                  cell: (a) =>
                    editable(a) ? (
                      <RelationSelect
                        label={`${a.evaluator_name} como evaluador de ${a.evaluatee_name}`}
                        value={a.relation}
                        self={a.evaluator_id === a.evaluatee_id}
                        disabled={change.isPending}
                        onChange={(relation) => void changeRelation(a, relation)}
                      />
                    ) : (
                      relationLabel(a.relation)
                    ),
                },
                {
                  header: 'Estado',
                  cell: (a) => {
                    // Once, in Spanish: the stored value beside it read 'pending / Pendiente' (issue 30 §8).
                    const status = statusOf(a.status);
                    return (
                      <>
                        <Text size="sm">{status.label}</Text>
                        {a.relation !== 'self' && v2AssignmentStands(a.status) && (
                          <RaterStandingBadge standing={a.rater_standing} />
                        )}
                        {a.status === 'declined' && a.decline_reason && (
                          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                            Motivo: {a.decline_reason}
                          </Text>
                        )}
                      </>
                    );
                  },
                },
              ]}
            />
          )}
        </PagedList>
      </Stack>
      <ConfirmDialog
        {...managers.dialog}
        title={t.multipleManagersTitle}
        message={managers.target?.message ?? ''}
        confirmLabel={t.multipleManagersConfirm}
        tone="primary"
      />
    </Paper>
  );
}
