import { TextInput } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { messages } from '../i18n/messages';

type Props = Omit<ComponentPropsWithoutRef<typeof TextInput>, 'type' | 'label'> & { label?: string };

/**
 * 'Fecha límite': the browser's own date picker (YYYY-MM-DD, '' when empty), optional. Works with
 * react-hook-form's register().
 */
export const DueDateInput = forwardRef<HTMLInputElement, Props>(function DueDateInput(
  { label = 'Fecha límite', description = messages.deadlines.dueDateHint, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      type="date"
      label={label}
      description={description}
      min="2000-01-01"
      max="2999-12-31"
      maw={260}
      {...props}
    />
  );
});
