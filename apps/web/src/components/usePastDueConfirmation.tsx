import { Alert } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatDay } from '../i18n/format';
import { messages } from '../i18n/messages';
import { localToday } from './due-date';

/**
 * A due date already past is confirmed explicitly (issue 30 §3, decision 053): the first save with
 * it stops and says what it means; saving again with the same day goes on. A day that was already
 * stored (`stored`) is not asked about again, nor is an empty field or a day from today on.
 */
export function usePastDueConfirmation(stored: string | null = null): {
  mayProceed: (due: string | null) => boolean;
  warning: ReactNode;
} {
  const [warned, setWarned] = useState<string | null>(null);
  const mayProceed = (due: string | null): boolean => {
    if (due === null || due === stored || due >= localToday(new Date())) return true;
    if (warned === due) return true;
    setWarned(due);
    return false;
  };
  const warning = warned && (
    <Alert color="orange" role="alert" title={messages.deadlines.pastTitle}>
      {messages.deadlines.pastConfirm(formatDay(warned))}
    </Alert>
  );
  return { mayProceed, warning };
}
