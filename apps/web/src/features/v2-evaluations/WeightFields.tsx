import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { messages } from '../../i18n/messages';
import type { CreateV2Call } from './api/evaluations';
import { complement, SUM_ERROR, weightNumber, type CreateFormValues } from './create-form';

/** The create form's, or the edit form's (decision 035): same values, another call. */
type Form<Out> = UseFormReturn<CreateFormValues, unknown, Out>;
type WeightName = 'weight_competencies' | 'weight_objectives';

const LABELS: Record<WeightName, string> = {
  weight_competencies: 'Peso de competencias (%)',
  weight_objectives: 'Peso de objetivos (%)',
};

/**
 * The two weights (50/50 by default): changing one sets the other to 100 minus it, clamped 0-100.
 * A total other than 100 (an emptied or out-of-range weight) shows the contract's sentence once.
 */
export function WeightFields<Out = CreateV2Call>({ form }: { form: Form<Out> }) {
  const [competencies, objectives] = useWatch({
    control: form.control,
    name: ['weight_competencies', 'weight_objectives'],
  });
  const total = weightNumber(competencies) + weightNumber(objectives);
  const sumWrong = Math.abs(total - 100) > 1e-9;
  const { errors, isSubmitted } = form.formState;

  const input = (name: WeightName, other: WeightName) => {
    const error = errors[name];
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <NumberInput
            label={LABELS[name]}
            withAsterisk
            min={0}
            max={100}
            decimalScale={2}
            clampBehavior="none"
            allowNegative={false}
            error={error?.type === SUM_ERROR ? true : error?.message}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(value) => {
              field.onChange(value);
              if (typeof value === 'number')
                form.setValue(other, complement(value), { shouldValidate: isSubmitted });
            }}
          />
        )}
      />
    );
  };

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input('weight_competencies', 'weight_objectives')}
        {input('weight_objectives', 'weight_competencies')}
      </SimpleGrid>
      <div aria-live="polite">
        {sumWrong && (
          <Text size="sm" c="red.9">
            {messages.evaluationsV2.weightsSum}
          </Text>
        )}
      </div>
    </Stack>
  );
}
