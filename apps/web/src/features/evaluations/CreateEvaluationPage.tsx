import { ERROR_CODES } from '@evalua/contracts';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode } from '../../api/errors';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useCreateEvaluation, useEvaluations } from './api/evaluations';
import { newEvaluationValues, type EvaluationValues } from './evaluation-form';
import { EvaluationForm } from './EvaluationForm';
import { openingQuestion } from './opening';

const t = messages.evaluations;

interface Pending {
  values: EvaluationValues;
  question: string;
}

/**
 * 'Crear Evaluación': saved open or as a draft, as the form says (decision 026). Opening it while the
 * category has another open evaluation asks first, saying what closes; opening one that nobody would
 * answer yet saves it as a draft and says so (decision 053); on success a toast and back to the list,
 * where the new evaluation shows with its state.
 */
export default function CreateEvaluationPage() {
  const navigate = useNavigate();
  const create = useCreateEvaluation();
  const evaluations = useEvaluations();
  const { error, clear, run } = useActionError();
  const [defaults] = useState(() => newEvaluationValues());
  const [pending, setPending] = useState<Pending | null>(null);

  const ask = async (values: EvaluationValues) => {
    const list = (await evaluations.refetch()).data ?? [];
    // When another evaluation of the category is open, the list names the category.
    const categoryName = list.find((e) => e.category_id === values.category_id)?.category_name ?? '';
    return openingQuestion(list, { ...values, category_name: categoryName });
  };

  /**
   * Creates it, open or as a draft. `confirmed`: the person accepted closing the category's open
   * evaluation; unconfirmed, a 409 (someone opened one meanwhile) asks the question then.
   */
  const send = async (values: EvaluationValues, open: boolean, confirmed: boolean) => {
    const createAs = (status: 'abierta' | 'borrador') =>
      create.mutateAsync({ ...values, period: defaults.period, status, replace_open: confirmed });
    await run(async () => {
      try {
        await createAs(open ? 'abierta' : 'borrador');
      } catch (err) {
        // Nobody would answer it yet (a new school assigns its staff after): kept as a draft, said.
        if (hasErrorCode(err, ERROR_CODES.evaluationNeedsAssignments)) {
          await createAs('borrador');
          notify.info(t.createdAsDraft);
          await navigate('/evaluations');
          return;
        }
        if (confirmed || !hasErrorCode(err, ERROR_CODES.evaluationOpenInCategory)) throw err;
        setPending({ values, question: (await ask(values)) ?? err.message });
        return;
      }
      notify.success(t.created);
      await navigate('/evaluations');
    }, t.createError);
  };

  const save = async (values: EvaluationValues, { open }: { open: boolean }) => {
    if (!open) return send(values, false, false);
    const question = await ask(values);
    if (question === null) return send(values, true, false);
    setPending({ values, question });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Crear Evaluación</Title>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <EvaluationForm mode="create" defaultValues={defaults} saving={create.isPending} onSubmit={save} />
      <ConfirmDialog
        opened={pending !== null}
        title="Abrir la evaluación"
        message={pending?.question ?? ''}
        confirmLabel="Crear y abrir"
        tone="primary"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const target = pending;
          setPending(null);
          if (target) void send(target.values, true, true);
        }}
      />
    </Stack>
  );
}
