import { Group, Radio } from '@mantine/core';
import type { AnswerInputProps } from './types';

interface Props extends AnswerInputProps {
  choices: ReadonlyArray<{ value: string; label: string }>;
}

/** A radio group named by the question's text: one choice per answer, arrow keys move between them. */
export function ChoiceGroup({
  choices,
  value,
  onChange,
  onBlur,
  disabled,
  label,
  description,
  error,
  inputRef,
}: Props) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      disabled={disabled}
      error={error}
    >
      <Group gap="md" mt="xs">
        {choices.map((choice, i) => (
          <Radio
            key={choice.value}
            value={choice.value}
            label={choice.label}
            onBlur={onBlur}
            ref={i === 0 ? inputRef : undefined}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
