import type { V2Item } from '@evalua/contracts';
import type { ReactNode } from 'react';

/** What every answer input gets: the question, its answer as text, and how it is labelled. */
export interface AnswerInputProps {
  item: V2Item;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** N/A ticked: the input takes no answer. */
  disabled: boolean;
  /** The question's text. */
  label: string;
  /** Type, weight and scale of the question. */
  description: ReactNode;
  error?: string;
  /** Where the form moves the focus when this question needs an answer. */
  inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}
