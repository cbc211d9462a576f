import { RatingInput } from './RatingInput';
import { Status3Input } from './Status3Input';
import { TextAnswerInput } from './TextAnswerInput';
import type { AnswerInputProps } from './types';
import { YesNoInput } from './YesNoInput';

/** The input that fits the question's type. */
export function AnswerInput(props: AnswerInputProps) {
  switch (props.item.type) {
    case 'rating':
      return <RatingInput {...props} />;
    case 'yes_no':
      return <YesNoInput {...props} />;
    case 'status_3':
      return <Status3Input {...props} />;
    case 'text':
      return <TextAnswerInput {...props} />;
  }
}
