import type { ItemType, V2Scale } from '@evalua/contracts';
import {
  ActionIcon,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
} from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ScaleFields } from './ScaleFields';
import { SECTION_OPTIONS, TYPE_OPTIONS, scaleFieldsFor, type ItemsFormValues } from './form';

interface Props {
  index: number;
  count: number;
  scales: V2Scale[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

const isItemType = (v: string): v is ItemType => TYPE_OPTIONS.some((o) => o.value === v);

/** One editable item: text, type, section, weight, the scale of a rating item; reorder and delete. */
export function ItemRow({ index, count, scales, onMove, onRemove }: Props) {
  const { control, register, setValue, formState } = useFormContext<ItemsFormValues>();
  const type = useWatch({ control, name: `items.${index}.type` });
  const errors = formState.errors.items?.[index];
  const name = `ítem ${index + 1}`;

  const changeType = (value: string) => {
    if (!isItemType(value)) return;
    setValue(`items.${index}.type`, value, { shouldDirty: true });
    if (value !== 'rating') {
      // SPEC §5: a type other than rating has no scale.
      const cleared = scaleFieldsFor(undefined);
      setValue(`items.${index}.scale_id`, cleared.scale_id, { shouldDirty: true });
      setValue(`items.${index}.scale_min`, cleared.scale_min, { shouldDirty: true });
      setValue(`items.${index}.scale_max`, cleared.scale_max, { shouldDirty: true });
      setValue(`items.${index}.scale_labels`, cleared.scale_labels, { shouldDirty: true });
    }
  };

  return (
    <Fieldset legend={`Ítem ${index + 1}`}>
      <Stack gap="sm">
        <Textarea
          label="Texto de la pregunta"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          error={errors?.question_text?.message}
          {...register(`items.${index}.question_text`)}
          // One line (decision 022): the box wraps long text, Enter adds no line break.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Controller
            name={`items.${index}.type`}
            control={control}
            render={({ field }) => (
              <NativeSelect
                label="Tipo"
                data={[...TYPE_OPTIONS]}
                error={errors?.type?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(e) => changeType(e.currentTarget.value)}
                onBlur={field.onBlur}
              />
            )}
          />
          <NativeSelect
            label="Sección"
            data={[...SECTION_OPTIONS]}
            error={errors?.section?.message}
            {...register(`items.${index}.section`)}
          />
          <Controller
            name={`items.${index}.weight`}
            control={control}
            render={({ field }) => (
              <NumberInput
                label="Peso"
                withAsterisk
                min={0}
                step={0.01}
                allowNegative={false}
                clampBehavior="none"
                error={errors?.weight?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </SimpleGrid>
        {type === 'rating' && <ScaleFields index={index} scales={scales} />}
        <Group gap="xs" justify="flex-end">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Subir ${name}`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Bajar ${name}`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            aria-label={`Eliminar ${name}`}
            onClick={() => onRemove(index)}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      </Stack>
    </Fieldset>
  );
}
