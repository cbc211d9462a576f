import { NO, YES } from '../answers';
import { ChoiceGroup } from './ChoiceGroup';
import type { AnswerInputProps } from './types';

/** Worst to best, as a rating's 1 to 5 (issue 30 §8: one direction on every question). */
const CHOICES = [
  { value: NO, label: 'No' },
  { value: YES, label: 'Sí' },
] as const;

/** yes_no: No or Sí. */
export function YesNoInput(props: AnswerInputProps) {
  return <ChoiceGroup choices={CHOICES} {...props} />;
}
