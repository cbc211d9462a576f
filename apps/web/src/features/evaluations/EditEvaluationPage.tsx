import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useEvaluation, useUpdateEvaluation } from './api/evaluations';
import { parseEvaluationId, toFormValues, type EvaluationValues } from './evaluation-form';
import { EvaluationForm } from './EvaluationForm';
import { statusLabel } from './opening';

const t = messages.evaluations;

/** 'Editar Evaluación': the whole object (name, period, weights, category, bank); then back to the list. */
export default function EditEvaluationPage() {
  const id = parseEvaluationId(useParams().id);
  const navigate = useNavigate();
  const evaluation = useEvaluation(id);
  const update = useUpdateEvaluation();
  const { error, clear, run } = useActionError();

  const save = async (values: EvaluationValues) => {
    if (id === null) return;
    await run(async () => {
      await update.mutateAsync({ id, body: values });
      notify.success(t.updated);
      await navigate('/evaluations');
    }, t.updateError);
  };

  const loadFailed = id === null || evaluation.isError;
  return (
    <Stack gap="lg">
      <Title order={1}>Editar Evaluación</Title>
      {loadFailed && (
        <>
          <ErrorBanner>{t.loadOneError}</ErrorBanner>
          <Anchor component={Link} to="/evaluations">
            Volver a Evaluaciones
          </Anchor>
        </>
      )}
      {!loadFailed && evaluation.isPending && <Loader role="status" aria-label="Cargando evaluación" />}
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      {evaluation.data && (
        <Text>
          Estado: <strong>{statusLabel(evaluation.data.status)}</strong> (se abre y se cierra desde la lista
          de Evaluaciones)
        </Text>
      )}
      {evaluation.data && (
        <EvaluationForm
          key={evaluation.data.id}
          mode="edit"
          editingId={evaluation.data.id}
          defaultValues={toFormValues(evaluation.data)}
          saving={update.isPending}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}
