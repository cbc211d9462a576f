import type { Evaluation } from '@evalua/contracts';
import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { serverMessageOr } from '../../api/errors';
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
  const [error, setError] = useState<string | null>(null);

  const save = async (values: EvaluationBody) => {
    if (id === null) return;
    setError(null);
    try {
      await update.mutateAsync({ id, body: values });
      notify.success(t.updated);
      await navigate('/evaluations');
    } catch (err) {
      setError(serverMessageOr(err, t.updateError));
    }
  };

  const loadFailed = id === null || evaluation.isError;
  return (
    <Stack gap="lg">
      <Title order={1}>Editar Evaluación</Title>
      {loadFailed && (
        <>
          <Alert color="red" role="alert">
            {t.loadOneError}
          </Alert>
          <Anchor component={Link} to="/evaluations">
            Volver a Evaluaciones
          </Anchor>
        </>
      )}
      {!loadFailed && evaluation.isPending && <Loader role="status" aria-label="Cargando evaluación" />}
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
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
