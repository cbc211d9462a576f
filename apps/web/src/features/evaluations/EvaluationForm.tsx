import { evaluationInputSchema } from '@evalua/contracts';
import { NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { FormActions } from '../../app/forms/FormActions';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import type { EvaluationBody } from './api/evaluations';
import { useBankOptions, useCategoryOptions } from './api/options';

const t = messages.evaluations;

/** What the inputs hold: Mantine's NumberInput gives '' when emptied, Select gives a string id or null. */
export interface EvaluationFormValues {
  name: string;
  period: string;
  weight_competencies: number | string;
  weight_objectives: number | string;
  category_id: string | null;
  question_bank_id: string | null;
}

const FIELDS = [
  'name',
  'period',
  'weight_competencies',
  'weight_objectives',
  'category_id',
  'question_bank_id',
] as const satisfies ReadonlyArray<keyof EvaluationFormValues>;

function isField(key: PropertyKey | undefined): key is keyof EvaluationFormValues {
  return FIELDS.some((f) => f === key);
}

/**
 * The contract's schema decides (the server's own Spanish sentences; the sum message lands on
 * weight_objectives). An emptied weight counts as missing, not 0, so it gets the range message.
 */
const resolver: Resolver<EvaluationFormValues, unknown, EvaluationBody> = (values) => {
  const blankToMissing = (v: number | string) => (v === '' ? undefined : v);
  const parsed = evaluationInputSchema.safeParse({
    ...values,
    weight_competencies: blankToMissing(values.weight_competencies),
    weight_objectives: blankToMissing(values.weight_objectives),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<EvaluationFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function toNumber(v: number | string): number {
  return typeof v === 'number' ? v : Number(v) || 0;
}

interface WeightProps {
  control: Control<EvaluationFormValues, unknown, EvaluationBody>;
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
  saving: boolean;
  onSubmit: (values: EvaluationBody) => Promise<void>;
}

/** Create or edit one V1 evaluation: name, period, the two weights (0-100, total 100), category, bank. */
export function EvaluationForm({ mode, defaultValues, saving, onSubmit }: Props) {
  const categories = useCategoryOptions();
  const banks = useBankOptions();
  const form = useForm<EvaluationFormValues, unknown, EvaluationBody>({ resolver, defaultValues });
  const { errors } = form.formState;
  const [competencies, objectives] = useWatch({
    control: form.control,
    name: ['weight_competencies', 'weight_objectives'],
  });
  const total = toNumber(competencies) + toNumber(objectives);

  const categoryData = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const bankData = (banks.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));

  return (
    <Paper withBorder p="md" maw={720}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
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
