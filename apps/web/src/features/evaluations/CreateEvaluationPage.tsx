import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { useActionError } from '../../app/feedback/useActionError';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useCreateEvaluation, type EvaluationBody } from './api/evaluations';
import { EvaluationForm, type EvaluationFormValues } from './EvaluationForm';

const t = messages.evaluations;

/** The period of a new evaluation: the current year, fixed (SPEC §5). */
function currentYear(): string {
  return String(new Date().getFullYear());
}

/** 'Crear Evaluación': on success a toast and back to the list, where the new evaluation shows. */
export default function CreateEvaluationPage() {
  const navigate = useNavigate();
  const create = useCreateEvaluation();
  const { error, clear, run } = useActionError();
  const [defaults] = useState<EvaluationFormValues>(() => ({
    name: '',
    period: currentYear(),
    weight_competencies: 50,
    weight_objectives: 50,
    category_id: null,
    question_bank_id: null,
  }));

  const save = async (values: EvaluationBody) => {
    await run(async () => {
      await create.mutateAsync({ ...values, period: defaults.period });
      notify.success(t.created);
      await navigate('/evaluations');
    }, t.createError);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Crear Evaluación</Title>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <EvaluationForm mode="create" defaultValues={defaults} saving={create.isPending} onSubmit={save} />
    </Stack>
  );
}
