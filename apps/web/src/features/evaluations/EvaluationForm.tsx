import { V1_RELEASE_MODE_LABELS, V1_RELEASE_MODES, type V1ReleaseMode } from '@evalua/contracts';
import {
  Alert,
  Checkbox,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { categoryQueries } from '../../api/queries/categories';
import { evaluationQueries } from '../../api/queries/evaluations';
import { questionBankQueries } from '../../api/queries/question-banks';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { FormActions } from '../../components/forms/FormActions';
import { DueDateInput } from '../../components/DueDateInput';
import { dueDateValue } from '../../components/due-date';
import { usePastDueConfirmation } from '../../components/usePastDueConfirmation';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import {
  resolveEvaluation,
  weightTotal,
  type EvaluationFormValues,
  type EvaluationValues,
} from './evaluation-form';
import { bankReady, bankSharedWith, draftReason, sharedBankNotice } from './opening';

const t = messages.evaluations;

const resolver: Resolver<EvaluationFormValues, unknown, EvaluationValues> = (values) =>
  resolveEvaluation(values);

interface WeightProps {
  control: Control<EvaluationFormValues, unknown, EvaluationValues>;
  name: 'weight_competencies' | 'weight_objectives';
  label: string;
  error: string | undefined;
}

/** One weight (0-100, required); not clamped, so an out-of-range value gets the contract's message. */
function WeightInput({ control, name, label, error }: WeightProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          withAsterisk
          min={0}
          max={100}
          clampBehavior="none"
          allowNegative={false}
          error={error}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

interface Props {
  mode: 'create' | 'edit';
  defaultValues: EvaluationFormValues;
  /** The evaluation being edited (left out of the shared-bank notice). */
  editingId?: number;
  saving: boolean;
  /** `open`: on create, whether to open the evaluation now (false when its bank cannot open it). */
  onSubmit: (values: EvaluationValues, choice: { open: boolean }) => Promise<void>;
}

const idOf = (value: string | null) => (value ? Number(value) : null);

const isReleaseMode = (value: string): value is V1ReleaseMode => V1_RELEASE_MODES.some((m) => m === value);

/**
 * Create or edit one V1 evaluation: name, period, the two weights (0-100, total 100), category, bank,
 * and when each person reads their result (decision 050). It says when the bank is shared with another
 * category, and on create whether it opens now (decision 026): only with a bank that asks something.
 */
export function EvaluationForm({ mode, defaultValues, editingId, saving, onSubmit }: Props) {
  const categories = useQuery(categoryQueries.list());
  const banks = useQuery(questionBankQueries.list());
  const evaluations = useQuery(evaluationQueries.list());
  const form = useForm<EvaluationFormValues, unknown, EvaluationValues>({ resolver, defaultValues });
  const { errors } = form.formState;
  const [competencies, objectives, categoryId, bankId] = useWatch({
    control: form.control,
    name: ['weight_competencies', 'weight_objectives', 'category_id', 'question_bank_id'],
  });
  const total = weightTotal(competencies, objectives);
  const [openNow, setOpenNow] = useState(true);
  const past = usePastDueConfirmation(dueDateValue(defaultValues.due_date ?? ''));
  const others = (evaluations.data ?? []).filter((e) => e.id !== editingId);
  const shared = sharedBankNotice(bankSharedWith(others, idOf(bankId), idOf(categoryId)));
  const bankList = banks.data ?? [];
  const canOpen = bankReady(bankList, idOf(bankId));
  const whyDraft = banks.data ? draftReason(bankList, idOf(bankId)) : null;

  const categoryData = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const bankData = (banks.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));

  return (
    <Paper withBorder p="md" maw={720}>
      <form
        onSubmit={form.handleSubmit((values) =>
          past.mayProceed(values.due_date ?? null)
            ? onSubmit(values, { open: openNow && canOpen })
            : undefined,
        )}
        noValidate
      >
        <Stack>
          {categories.isError && <ErrorBanner>{t.categoriesError}</ErrorBanner>}
          {banks.isError && <ErrorBanner>{t.banksError}</ErrorBanner>}
          <TextInput label="Nombre" withAsterisk error={errors.name?.message} {...form.register('name')} />
          <TextInput
            label="Periodo"
            readOnly={mode === 'create'}
            description={mode === 'create' ? 'Se fija al año en curso.' : undefined}
            error={errors.period?.message}
            {...form.register('period')}
          />
          <DueDateInput error={errors.due_date?.message} {...form.register('due_date')} />
          {past.warning}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WeightInput
              control={form.control}
              name="weight_competencies"
              label="Peso de competencias (%)"
              error={errors.weight_competencies?.message}
            />
            <WeightInput
              control={form.control}
              name="weight_objectives"
              label="Peso de objetivos (%)"
              error={errors.weight_objectives?.message}
            />
          </SimpleGrid>
          <Text size="sm" c={total === 100 ? 'dimmed' : 'red.9'}>
            Suma de los porcentajes: {formatPercent(total, Number.isInteger(total) ? 0 : 2)}
          </Text>
          <Controller
            control={form.control}
            name="category_id"
            render={({ field }) => (
              <Select
                label="Categoría"
                withAsterisk
                placeholder="Selecciona una categoría"
                data={categoryData}
                searchable
                nothingFoundMessage="Sin resultados"
                error={errors.category_id?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            control={form.control}
            name="question_bank_id"
            render={({ field }) => (
              <Select
                label="Banco de preguntas"
                placeholder="Selecciona un banco de preguntas"
                data={bankData}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Quitar el banco de preguntas' }}
                nothingFoundMessage="Sin resultados"
                error={errors.question_bank_id?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          {shared && (
            <Alert color="yellow" title="Banco compartido">
              {shared}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="release_mode"
            render={({ field }) => (
              <Radio.Group
                label="Publicación de resultados"
                description={messages.v1Release.hint[field.value]}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={errors.release_mode?.message}
                name={field.name}
                value={field.value}
                onChange={(value) => {
                  if (isReleaseMode(value)) field.onChange(value);
                }}
              >
                <Stack gap={6} my="xs">
                  {(['al_publicar', 'al_enviar'] as const).map((m) => (
                    <Radio key={m} value={m} label={V1_RELEASE_MODE_LABELS[m]} onBlur={field.onBlur} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          {mode === 'create' && (
            <Checkbox
              label="Abrir la evaluación al crearla"
              description={
                whyDraft ??
                'Abierta, los evaluadores de esta categoría evalúan con ella. Si no, queda como borrador.'
              }
              checked={openNow && canOpen}
              disabled={!canOpen}
              onChange={(e) => setOpenNow(e.currentTarget.checked)}
            />
          )}
          <FormActions
            submitLabel={mode === 'create' ? 'Crear Evaluación' : 'Guardar cambios'}
            saving={saving}
            cancelTo="/evaluations"
          />
        </Stack>
      </form>
    </Paper>
  );
}
