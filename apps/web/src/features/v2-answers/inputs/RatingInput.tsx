import { ChoiceGroup } from './ChoiceGroup';
import type { AnswerInputProps } from './types';

/** rating: one choice per point from scale_min to scale_max, named by its scale label when it has one. */
export function RatingInput(props: AnswerInputProps) {
  const { item } = props;
  const choices = [];
  for (let n = item.scale_min; n <= item.scale_max; n += 1) {
    const label = item.scale_labels[n - item.scale_min]?.trim();
    choices.push({ value: String(n), label: label ? `${n} · ${label}` : String(n) });
  }
  return <ChoiceGroup choices={choices} {...props} />;
}
