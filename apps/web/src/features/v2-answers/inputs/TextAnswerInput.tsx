import { V2_TEXT_MAX } from '@evalua/contracts';
import { Textarea } from '@mantine/core';
import type { AnswerInputProps } from './types';

/** text: a written answer. */
export function TextAnswerInput({
  value,
  onChange,
  onBlur,
  disabled,
  label,
  description,
  error,
  inputRef,
}: AnswerInputProps) {
  return (
    <Textarea
      label={label}
      description={description}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
      ref={inputRef}
      maxLength={V2_TEXT_MAX}
      autosize
      minRows={3}
    />
  );
}
