import { NO, YES } from '../answers';
import { ChoiceGroup } from './ChoiceGroup';
import type { AnswerInputProps } from './types';

const CHOICES = [
  { value: YES, label: 'Sí' },
  { value: NO, label: 'No' },
] as const;

/** yes_no: Sí or No. */
export function YesNoInput(props: AnswerInputProps) {
  return <ChoiceGroup choices={CHOICES} {...props} />;
}
