import {
  ERROR_CODES,
  V1_RELEASE_MESSAGES,
  v1EvaluationAllows,
  v1ResultsReleased,
  type Evaluation,
} from '@evalua/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasErrorCode } from '../../api/errors';
import { evaluationQueries } from '../../api/queries/evaluations';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { RowActions } from '../../components/lists/RowActions';
import { notify } from '../../components/feedback/notify';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import {
  useCloseEvaluation,
  useDeleteEvaluation,
  useEvaluations,
  useOpenEvaluation,
} from './api/evaluations';
import { DueDate } from '../../components/DueDate';
import { useReminderFlow } from '../../components/useReminderFlow';
import { V1StatusBadge } from '../../components/V2StatusBadge';
import { useReleaseEvaluation } from './api/release';
import { useV1Reminders } from './api/reminders';
import { ClosePending } from './ClosePending';
import { closingQuestion, openingQuestion } from './opening';

const t = messages.evaluations;
const r = messages.v1Release;

function weight(value: number): string {
  return formatPercent(value, Number.isInteger(value) ? 0 : 2);
}

interface StateChange {
  evaluation: Evaluation;
  to: 'abierta' | 'cerrada';
  question: string;
}

/** Whether HR still has to release the round's results (decision 050): 'Publicar resultados'. */
const awaitsRelease = (e: Evaluation) => !v1ResultsReleased(e, false);

/** The state, and under it whether the people evaluated read their results yet. */
function StateCell({ evaluation: e }: { evaluation: Evaluation }) {
  const released = !awaitsRelease(e);
  return (
    <Stack gap={4} align="flex-start">
      <V1StatusBadge status={e.status} />
      <Text size="sm" c={released ? 'dimmed' : undefined} fw={released ? undefined : 600}>
        {released ? 'Resultados publicados' : 'Resultados sin publicar'}
      </Text>
    </Stack>
  );
}

/**
 * 'Evaluaciones': every V1 evaluation (one or a few per category and year, so the list comes
 * whole: the server's GET /api/evaluations has no paged form), with its state (decision 026) and
 * create, edit, open, close and delete. Opening one while another of its category is open says what
 * closes and asks first; closing says what stays. A round released by HR (decision 050) says whether
 * its results are published, and until then offers 'Publicar resultados', asked first.
 */
export default function EvaluationsPage() {
  const list = useEvaluations();
  const remove = useDeleteEvaluation();
  const open = useOpenEvaluation();
  const close = useCloseEvaluation();
  const { error, clear, run } = useActionError();
  const confirm = useConfirm<Evaluation>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      notify.success(t.deleted);
    }, t.deleteError),
  );
  const [change, setChange] = useState<StateChange | null>(null);
  // Before closing: what it would leave unanswered, read when the dialog opens (issue 30 §3).
  const closing = useQuery({
    ...evaluationQueries.pending(change?.evaluation.id ?? 0),
    enabled: change?.to === 'cerrada',
  });
  const release = useReleaseEvaluation();
  const releasing = useConfirm<Evaluation>((target) =>
    run(async () => {
      const { notified } = await release.mutateAsync(target.id);
      notify.success(
        notified > 0
          ? `${V1_RELEASE_MESSAGES.released} ${r.notified(notified)}`
          : V1_RELEASE_MESSAGES.released,
      );
    }, r.releaseError),
  );
  const reminders = useReminderFlow(useV1Reminders(), run);

  /**
   * Opens `e`. Unconfirmed, the server refuses if another evaluation of the category is open (someone
   * may have opened one since the list was read): then the question is asked, with the list as it is.
   */
  const openOrAsk = (e: Evaluation, confirmed: boolean) =>
    run(async () => {
      try {
        await open.mutateAsync({ id: e.id, replaceOpen: confirmed });
      } catch (err) {
        if (confirmed || !hasErrorCode(err, ERROR_CODES.evaluationOpenInCategory)) throw err;
        const fresh = (await list.refetch()).data ?? [];
        setChange({ evaluation: e, to: 'abierta', question: openingQuestion(fresh, e) ?? err.message });
        return;
      }
      notify.success(`Evaluación «${e.name}» abierta.`);
    }, 'No se pudo abrir la evaluación.');

  const closeIt = (e: Evaluation) =>
    run(async () => {
      await close.mutateAsync(e.id);
      notify.success(`Evaluación «${e.name}» cerrada.`);
    }, 'No se pudo cerrar la evaluación.');

  const askOpen = (e: Evaluation) => {
    const question = openingQuestion(list.data ?? [], e);
    if (question === null) void openOrAsk(e, false);
    else setChange({ evaluation: e, to: 'abierta', question });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Evaluaciones</Title>
        <Button component={Link} to="/create-evaluation">
          Crear Evaluación
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Cada categoría tiene a lo sumo una evaluación abierta: es con la que evalúan los evaluadores y la que
        cuenta el Dashboard. Las cerradas conservan sus resultados en Reportes e Historial.
      </Text>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <ListState
        query={list}
        isEmpty={list.data?.length === 0}
        loadingLabel="Cargando evaluaciones"
        errorText={t.loadError}
        emptyText={t.empty}
      />
      {list.data && list.data.length > 0 && (
        <ResponsiveTable
          label="Evaluaciones"
          headingLevel={2}
          rows={list.data}
          rowKey={(e) => e.id}
          columns={[
            { header: 'Nombre', title: true, rowHeader: true, cell: (e) => e.name },
            { header: 'Periodo', cell: (e) => e.period },
            { header: 'Categoría', cell: (e) => e.category_name },
            { header: 'Banco de preguntas', cell: (e) => e.question_bank_name ?? '—' },
            {
              header: 'Estado',
              cell: (e) => <StateCell evaluation={e} />,
            },
            {
              header: 'Fecha límite',
              cell: (e) => <DueDate due={e.due_date} pending={v1EvaluationAllows(e.status).answer} />,
            },
            {
              header: 'Pesos (competencias / objetivos)',
              nowrap: true,
              cell: (e) => `${weight(e.weight_competencies)} / ${weight(e.weight_objectives)}`,
            },
            {
              header: 'Acciones',
              actions: true,
              nowrap: false,
              // What its state allows (contracts' V1_STATUS_ALLOWS, the server's rule): Editar and
              // Eliminar always (stored results refuse them apart), Abrir or Cerrar, the reminder; and
              // 'Publicar resultados' while a round released by HR is not, once it was opened.
              cell: (e) => (
                <RowActions name={e.name} editTo={`/edit-evaluation/${e.id}`} onDelete={() => confirm.ask(e)}>
                  {awaitsRelease(e) && v1EvaluationAllows(e.status).release && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Publicar resultados de ${e.name}`}
                      loading={release.isPending && release.variables === e.id}
                      onClick={() => {
                        clear();
                        releasing.ask(e);
                      }}
                    >
                      Publicar resultados
                    </Button>
                  )}
                  {v1EvaluationAllows(e.status).remind && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Enviar recordatorio de ${e.name}`}
                      loading={reminders.busyId === e.id}
                      onClick={() => {
                        clear();
                        void reminders.start(e.id);
                      }}
                    >
                      Enviar recordatorio
                    </Button>
                  )}
                  {v1EvaluationAllows(e.status).close && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Cerrar ${e.name}`}
                      onClick={() =>
                        setChange({ evaluation: e, to: 'cerrada', question: closingQuestion(e.name) })
                      }
                    >
                      Cerrar
                    </Button>
                  )}
                  {v1EvaluationAllows(e.status).open && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Abrir ${e.name}`}
                      loading={open.isPending && open.variables.id === e.id}
                      onClick={() => askOpen(e)}
                    >
                      Abrir
                    </Button>
                  )}
                </RowActions>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar evaluación"
        message={confirm.target ? t.confirmDelete(confirm.target.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
      <ConfirmDialog {...reminders.dialog} />
      <ConfirmDialog
        {...releasing.dialog}
        title="Publicar resultados"
        message={releasing.target ? r.confirmRound(releasing.target.name) : ''}
        confirmLabel="Publicar y avisar"
        tone="primary"
      />
      <ConfirmDialog
        opened={change !== null}
        title={change?.to === 'abierta' ? 'Abrir la evaluación' : 'Cerrar la evaluación'}
        message={change?.question ?? ''}
        confirmLabel={
          change?.to === 'abierta'
            ? 'Abrir'
            : (closing.data?.pending.length ?? 0) > 0
              ? t.closeAnyway
              : 'Cerrar'
        }
        tone={change?.to === 'abierta' ? 'primary' : 'danger'}
        onCancel={() => setChange(null)}
        onConfirm={() => {
          const target = change;
          setChange(null);
          if (target?.to === 'abierta') void openOrAsk(target.evaluation, true);
          else if (target) void closeIt(target.evaluation);
        }}
      >
        {change?.to === 'cerrada' && <ClosePending pending={closing.data} failed={closing.isError} />}
      </ConfirmDialog>
    </Stack>
  );
}
