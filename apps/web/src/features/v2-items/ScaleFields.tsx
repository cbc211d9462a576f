import type { V2Scale } from '@evalua/contracts';
import { Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { scaleFieldsFor, type ItemsFormValues } from './form';

interface Props {
  index: number;
  scales: V2Scale[];
}

/** The scale of a rating item: one of /api/scales (its labels shown) or 'Sin escala' with its bounds. */
export function ScaleFields({ index, scales }: Props) {
  const { control, setValue, formState } = useFormContext<ItemsFormValues>();
  const [scaleId, labels] = useWatch({
    control,
    name: [`items.${index}.scale_id`, `items.${index}.scale_labels`],
  });
  const errors = formState.errors.items?.[index];
  const known = scales.some((s) => String(s.id) === scaleId);
  const data = [
    { value: '', label: 'Sin escala' },
    ...scales.map((s) => ({ value: String(s.id), label: s.name })),
    ...(scaleId !== '' && !known ? [{ value: scaleId, label: `Escala ${scaleId}` }] : []),
  ];

  const pick = (value: string) => {
    const fields = scaleFieldsFor(scales.find((s) => String(s.id) === value));
    setValue(`items.${index}.scale_id`, fields.scale_id, { shouldDirty: true });
    setValue(`items.${index}.scale_min`, fields.scale_min, { shouldDirty: true });
    setValue(`items.${index}.scale_max`, fields.scale_max, { shouldDirty: true });
    setValue(`items.${index}.scale_labels`, fields.scale_labels, { shouldDirty: true });
  };
  const shownLabels = labels.filter((l) => l.trim() !== '');

  return (
    <Stack gap="xs">
      <Controller
        name={`items.${index}.scale_id`}
        control={control}
        render={({ field }) => (
          <NativeSelect
            label="Escala"
            data={data}
            error={errors?.scale_id?.message}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={(e) => pick(e.currentTarget.value)}
            onBlur={field.onBlur}
          />
        )}
      />
      {scaleId === '' && (
        <Group grow align="flex-start">
          {(['scale_min', 'scale_max'] as const).map((bound) => (
            <Controller
              key={bound}
              name={`items.${index}.${bound}`}
              control={control}
              render={({ field }) => (
                <NumberInput
                  label={bound === 'scale_min' ? 'Mínimo de la escala' : 'Máximo de la escala'}
                  min={0}
                  max={10}
                  step={1}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  error={errors?.[bound]?.message}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          ))}
        </Group>
      )}
      {shownLabels.length > 0 && (
        <Text size="sm" c="dimmed">
          Etiquetas: {labels.join(' | ')}
        </Text>
      )}
    </Stack>
  );
}
