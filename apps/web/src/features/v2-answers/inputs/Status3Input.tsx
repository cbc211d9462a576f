import { STATUS3_LABELS, STATUS3_VALUES } from '@evalua/contracts';
import { ChoiceGroup } from './ChoiceGroup';
import type { AnswerInputProps } from './types';

/** Worst to best, as a rating's 1 to 5 (issue 30 §8: one direction on every question). */
const CHOICES = [...STATUS3_VALUES].reverse().map((value) => ({ value, label: STATUS3_LABELS[value] }));

/** status_3: No logrado, En proceso or Logrado (values no_logrado, proceso, logrado). */
export function Status3Input(props: AnswerInputProps) {
  return <ChoiceGroup choices={CHOICES} {...props} />;
}
