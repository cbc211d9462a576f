import type { Assignment, Evaluator } from '@evalua/contracts';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { EmailText } from '../../components/lists/EmailText';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useAssigned, useRemoveAssignment } from './api/assignments';

const t = messages.assignments;
const dash = (v: string | null) => v || '—';

/** The question before removing an assignment: it says when the collaborator's result stays. */
export function removalQuestion(
  a: Pick<Assignment, 'collaborator_name' | 'evaluated'>,
  evaluator: string,
): string {
  return a.evaluated
    ? t.confirmRemoveEvaluated(a.collaborator_name, evaluator)
    : t.confirmRemove(a.collaborator_name, evaluator);
}

/** The evaluator's collaborators, each with a Quitar button (after confirmation). */
export function AssignedList({ evaluator }: { evaluator: Evaluator }) {
  const list = useAssigned(evaluator.id);
  const remove = useRemoveAssignment();
  const { error, clear, run } = useActionError();
  const confirm = useConfirm<Assignment>((target) =>
    run(async () => {
      await remove.mutateAsync(target);
      notify.success(t.removed);
    }, t.removeError),
  );

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Colaboradores de {evaluator.name}
          {list.data ? ` (${list.data.length})` : ''}
        </Title>
        {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
        <ListState
          query={list}
          isEmpty={list.data?.length === 0}
          loadingLabel="Cargando colaboradores asignados"
          errorText={t.loadError}
          emptyText={t.empty}
        />
        {list.data && list.data.length > 0 && (
          <ResponsiveTable
            label={`Colaboradores asignados a ${evaluator.name}`}
            rows={list.data}
            rowKey={(a) => a.id}
            columns={[
              { header: 'Nombre', title: true, cell: (a) => a.collaborator_name },
              { header: 'Correo electrónico', cell: (a) => <EmailText email={a.email} /> },
              { header: 'Puesto', cell: (a) => dash(a.position) },
              { header: 'Departamento', cell: (a) => dash(a.department) },
              {
                header: 'Acción',
                actions: true,
                cell: (a) => (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => confirm.ask(a)}
                    aria-label={`Quitar ${a.collaborator_name}`}
                  >
                    Quitar
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title="Quitar asignación"
        message={confirm.target ? removalQuestion(confirm.target, evaluator.name) : ''}
        confirmLabel="Quitar"
        loading={remove.isPending}
      />
    </Paper>
  );
}
