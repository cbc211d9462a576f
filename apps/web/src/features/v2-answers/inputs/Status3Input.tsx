import { STATUS3_LABELS, STATUS3_VALUES } from '@evalua/contracts';
import { ChoiceGroup } from './ChoiceGroup';
import type { AnswerInputProps } from './types';

const CHOICES = STATUS3_VALUES.map((value) => ({ value, label: STATUS3_LABELS[value] }));

/** status_3: Logrado, En proceso or No logrado (values logrado, proceso, no_logrado). */
export function Status3Input(props: AnswerInputProps) {
  return <ChoiceGroup choices={CHOICES} {...props} />;
}
