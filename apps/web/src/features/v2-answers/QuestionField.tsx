import { ITEM_TYPE_LABELS, V2_TEXT_MAX, type V2Item } from '@evalua/contracts';
import { Checkbox, Fieldset, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { formatNumber } from '../../i18n/format';
import { fieldOf, type Draft } from './answers';
import { AnswerInput } from './inputs/AnswerInput';

interface Props {
  item: V2Item;
  /** 1-based position in the form (the server's messages name questions by it). */
  n: number;
  control: Control<Draft>;
  /** The questions weigh differently: each says its weight. */
  showWeight: boolean;
}

const weightText = (w: number) => formatNumber(w, Number.isInteger(w) ? 0 : 2);

/**
 * Type, weight and, for rating, the scale and its labels joined by ' | ' (SPEC), without noise
 * (decision 034): the type is what the input already shows, so it is said to screen readers only;
 * the weight only when the questions weigh differently (the form says once that they weigh the same).
 */
function QuestionMeta({ item, showWeight }: { item: V2Item; showWeight: boolean }) {
  const labels = item.scale_labels.filter((l) => l.trim() !== '');
  const visible = [
    item.type === 'rating' ? `Escala: ${item.scale_min}–${item.scale_max}` : null,
    showWeight ? `Peso: ${weightText(item.weight)}` : null,
  ].filter((part) => part !== null);
  return (
    <>
      <VisuallyHidden>Tipo: {ITEM_TYPE_LABELS[item.type]}.</VisuallyHidden>
      {visible.length > 0 && (
        <Text span size="sm" display="block">
          {visible.join(' · ')}
        </Text>
      )}
      {item.type === 'rating' && labels.length > 0 && (
        <Text span size="sm" display="block">
          Etiquetas: {labels.join(' | ')}
        </Text>
      )}
    </>
  );
}

/** One question: its answer input, 'N/A (no aplica)' (which disables the input) and a comment. */
export function QuestionField({ item, n, control, showWeight }: Props) {
  return (
    <Controller
      name={fieldOf(item)}
      control={control}
      render={({ field, fieldState }) => {
        const draft = field.value;
        return (
          <Fieldset legend={`Pregunta ${n}`} variant="filled">
            <Stack gap="sm">
              <AnswerInput
                item={item}
                value={draft.value}
                onChange={(value) => field.onChange({ ...draft, value })}
                onBlur={field.onBlur}
                disabled={draft.na}
                label={item.question_text}
                description={<QuestionMeta item={item} showWeight={showWeight} />}
                error={fieldState.error?.message}
                inputRef={field.ref}
              />
              <Checkbox
                label="N/A (no aplica)"
                checked={draft.na}
                onChange={(e) => field.onChange({ ...draft, na: e.currentTarget.checked })}
              />
              <Textarea
                label="Comentario (opcional)"
                value={draft.comment}
                onChange={(e) => field.onChange({ ...draft, comment: e.currentTarget.value })}
                maxLength={V2_TEXT_MAX}
                autosize
                minRows={1}
              />
            </Stack>
          </Fieldset>
        );
      }}
    />
  );
}
