import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { useActionError } from '../../app/feedback/useActionError';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useCreateEvaluation } from './api/evaluations';
import { newEvaluationValues, type EvaluationValues } from './evaluation-form';
import { EvaluationForm } from './EvaluationForm';

const t = messages.evaluations;

/** 'Crear Evaluación': on success a toast and back to the list, where the new evaluation shows. */
export default function CreateEvaluationPage() {
  const navigate = useNavigate();
  const create = useCreateEvaluation();
  const { error, clear, run } = useActionError();
  const [defaults] = useState(() => newEvaluationValues());

  const save = async (values: EvaluationValues) => {
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
