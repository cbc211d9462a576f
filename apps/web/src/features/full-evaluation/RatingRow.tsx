import type { Question } from '@evalua/contracts';
import { Group, Radio } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { messages } from '../../i18n/messages';

const t = messages.evaluationForm;

export const SCORES = ['1', '2', '3', '4'] as const;
export type Scores = Record<string, string>;

/** The form field of one question (`q12`): its score as text, '' while unanswered. */
export const fieldOf = (question: Pick<Question, 'id'>) => `q${question.id}`;

interface Props {
  question: Question;
  control: Control<Scores>;
}

/** One question: a radio group 1-4 named by the question's text; required. */
export function RatingRow({ question, control }: Props) {
  return (
    <Controller
      name={fieldOf(question)}
      control={control}
      rules={{ validate: (value) => (SCORES as readonly string[]).includes(value) || t.rateQuestion }}
      render={({ field, fieldState }) => (
        <Radio.Group
          label={question.question_text}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        >
          <Group gap="lg" mt="xs">
            {SCORES.map((score, i) => (
              <Radio
                key={score}
                value={score}
                label={score}
                onBlur={field.onBlur}
                ref={i === 0 ? field.ref : undefined}
              />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
}
