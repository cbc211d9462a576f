import type { V2Evaluation } from '@evalua/contracts';
import { Checkbox, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { FormActions } from '../../components/forms/FormActions';
import { DueDateInput } from '../../components/DueDateInput';
import { usePastDueConfirmation } from '../../components/usePastDueConfirmation';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useCreateEvaluationV2, type CreateV2Call } from './api/evaluations';
import { useTemplates } from './api/templates';
import { createDefaults, createErrorMessage, createResolver, type CreateFormValues } from './create-form';
import { FormModal } from './FormModal';
import { WeightFields } from './WeightFields';

const t = messages.evaluationsV2;

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (evaluation: V2Evaluation) => void;
}

/**
 * 'Nueva evaluación 360': blank or from a template (required then), name and period (the current
 * quarter by default), the two weights, self-evaluation, and — when blank — saving it as a template.
 */
export function CreateEvaluationModal({ opened, onClose, onCreated }: Props) {
  // The modal's body mounts on each opening, so the form starts from the defaults every time.
  return (
    <FormModal opened={opened} title="Nueva evaluación 360" size="lg" onClose={onClose}>
      <CreateEvaluationForm onClose={onClose} onCreated={onCreated} />
    </FormModal>
  );
}

function CreateEvaluationForm({ onClose, onCreated }: Omit<Props, 'opened'>) {
  const templates = useTemplates();
  const create = useCreateEvaluationV2();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CreateFormValues, unknown, CreateV2Call>({
    resolver: createResolver,
    defaultValues: createDefaults(),
  });
  const { errors } = form.formState;
  const source = useWatch({ control: form.control, name: 'source' });

  const past = usePastDueConfirmation();
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    if (!past.mayProceed(values.body.due_date ?? null)) return;
    try {
      const created = await create.mutateAsync(values);
      notify.success(t.created(created.name));
      onCreated(created);
    } catch (err) {
      setError(createErrorMessage(err));
    }
  });

  const templateData = (templates.data ?? []).map((tpl) => ({
    value: String(tpl.id),
    label: `${tpl.name} (${tpl.item_count} ítems)`,
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <Controller
          control={form.control}
          name="source"
          render={({ field }) => (
            <Radio.Group label="Origen" value={field.value} onChange={field.onChange} name={field.name}>
              <Group mt="xs">
                <Radio value="template" label="Desde plantilla" />
                <Radio value="blank" label="En blanco" />
              </Group>
            </Radio.Group>
          )}
        />
        {source === 'template' && (
          <>
            {templates.isError && <ErrorBanner>{t.templatesError}</ErrorBanner>}
            <Controller
              control={form.control}
              name="template_id"
              render={({ field }) => (
                <Select
                  label="Plantilla"
                  withAsterisk
                  placeholder={templates.isPending ? 'Cargando plantillas…' : 'Selecciona una plantilla'}
                  data={templateData}
                  nothingFoundMessage="Sin plantillas"
                  error={errors.template_id?.message}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </>
        )}
        <TextInput label="Nombre" withAsterisk error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Periodo"
          withAsterisk
          description="Por ejemplo Q4-2026 (trimestre y año)."
          error={errors.period?.message}
          {...form.register('period')}
        />
        <DueDateInput error={errors.due_date?.message} {...form.register('due_date')} />
        {past.warning}
        <WeightFields form={form} />
        <Checkbox label="Permitir autoevaluación" {...form.register('allow_self')} />
        {source === 'blank' && (
          <Checkbox
            label="Guardar como plantilla"
            description="Crea una plantilla con el mismo nombre que seguirá los ítems de este borrador."
            {...form.register('save_as_template')}
          />
        )}
        <FormActions submitLabel="Crear" saving={create.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
