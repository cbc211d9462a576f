import type { ReminderResult } from '@evalua/contracts';
import { useState } from 'react';
import { notify } from './feedback/notify';
import { messages } from '../i18n/messages';
import { nobodyToRemindText } from './reminder-text';

const t = messages.deadlines;

/** The calls of one evaluation kind: how many would get a reminder, and sending them. */
export interface ReminderCalls {
  preview: (id: number) => Promise<ReminderResult>;
  send: (id: number) => Promise<ReminderResult>;
}

/** A screen's useActionError().run: the failure lands in the screen's banner. */
type Run = (action: () => Promise<void>, fallback: string) => Promise<boolean>;

interface Asking {
  id: number;
  result: ReminderResult;
}

/**
 * 'Enviar recordatorio' on an open evaluation (V1 or 360): first how many people have pending work
 * (GET), then the question with that number (and how many wait for the cooldown) — or, when nobody
 * would get one, the sentence that says why —, then the sending (POST) and a toast with how many got
 * one. A press refused meanwhile (the cooldown, decision 042) shows the server's sentence in the
 * screen's banner. Spread `dialog` on a ConfirmDialog.
 */
export function useReminderFlow(calls: ReminderCalls, run: Run) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const busy = (id: number, action: () => Promise<void>) => async () => {
    setBusyId(id);
    try {
      await action();
    } finally {
      setBusyId(null);
    }
  };

  const start = (id: number) =>
    run(
      busy(id, async () => {
        const result = await calls.preview(id);
        if (result.recipients === 0) notify.info(nobodyToRemindText(result));
        else setAsking({ id, result });
      }),
      t.reminderError,
    );

  const confirm = () => {
    const target = asking;
    setAsking(null);
    if (!target) return;
    void run(
      busy(target.id, async () => {
        const { recipients } = await calls.send(target.id);
        notify.success(t.remindersSent(recipients));
      }),
      t.reminderError,
    );
  };

  return {
    start,
    busyId,
    dialog: {
      opened: asking !== null,
      title: 'Enviar recordatorio',
      message: asking
        ? t.reminderQuestion(asking.result.recipients, asking.result.waiting, asking.result.cooldown_hours)
        : '',
      confirmLabel: 'Enviar',
      tone: 'primary' as const,
      onConfirm: confirm,
      onCancel: () => setAsking(null),
    },
  };
}
