import type { Evaluation } from '@evalua/contracts';
import { Anchor, Loader, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { useActionError } from '../../app/feedback/useActionError';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useEvaluation, useUpdateEvaluation, type EvaluationBody } from './api/evaluations';
import { EvaluationForm, type EvaluationFormValues } from './EvaluationForm';

const t = messages.evaluations;

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function toFormValues(e: Evaluation): EvaluationFormValues {
  return {
    name: e.name,
    period: e.period,
    weight_competencies: e.weight_competencies,
    weight_objectives: e.weight_objectives,
    category_id: String(e.category_id),
    question_bank_id: e.question_bank_id === null ? null : String(e.question_bank_id),
  };
}

/** 'Editar Evaluación': the whole object (name, period, weights, category, bank); then back to the list. */
export default function EditEvaluationPage() {
  const id = parseId(useParams().id);
  const navigate = useNavigate();
  const evaluation = useEvaluation(id);
  const update = useUpdateEvaluation();
  const { error, clear, run } = useActionError();

  const save = async (values: EvaluationBody) => {
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
        <EvaluationForm
          key={evaluation.data.id}
          mode="edit"
          defaultValues={toFormValues(evaluation.data)}
          saving={update.isPending}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}
