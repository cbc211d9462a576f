import type { V2Evaluation } from '@evalua/contracts';
import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { FormActions } from '../../components/forms/FormActions';
import { messages } from '../../i18n/messages';
import { editDefaults, editResolver, type EditV2Body } from './edit-form';
import { FormModal } from './FormModal';
import { WeightFields } from './WeightFields';
import type { CreateFormValues } from './create-form';

const t = messages.evaluationsV2;

interface Props {
  /** The draft being edited; null keeps the modal closed. */
  evaluation: V2Evaluation | null;
  saving: boolean;
  /** The server's sentence or the screen's message. */
  error: string | null;
  onSubmit: (body: EditV2Body) => void;
  onClose: () => void;
}

/**
 * 'Editar evaluación' (decision 035): a draft's name, period and weights, with the create form's
 * validation; changing one weight sets the other to 100 minus it.
 */
export function EditEvaluationModal({ evaluation, onClose, ...rest }: Props) {
  // The body mounts on each opening, so the form starts from that draft's values.
  return (
    <FormModal opened={evaluation !== null} title="Editar evaluación" size="lg" onClose={onClose}>
      {evaluation && <EditEvaluationForm evaluation={evaluation} onClose={onClose} {...rest} />}
    </FormModal>
  );
}

function EditEvaluationForm({
  evaluation,
  saving,
  error,
  onSubmit,
  onClose,
}: Props & { evaluation: V2Evaluation }) {
  const form = useForm<CreateFormValues, unknown, EditV2Body>({
    resolver: editResolver,
    defaultValues: editDefaults(evaluation),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => onSubmit(body));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t.editHint}</Text>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <TextInput
          label="Nombre"
          withAsterisk
          data-autofocus
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextInput
          label="Periodo"
          withAsterisk
          description="Por ejemplo Q4-2026 (trimestre y año)."
          error={errors.period?.message}
          {...form.register('period')}
        />
        <WeightFields form={form} />
        <FormActions submitLabel="Guardar" saving={saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}
