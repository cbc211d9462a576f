import { DEADLINE_MESSAGES, type ReminderResult } from '@evalua/contracts';
import { useState } from 'react';
import { notify } from '../app/notify';
import { messages } from '../i18n/messages';

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
  recipients: number;
}

/**
 * 'Enviar recordatorio' on an open evaluation (V1 or 360): first how many people have pending work
 * (GET), then the question with that number — or, when nobody does, the sentence that nothing is
 * sent —, then the sending (POST) and a toast with how many got one. Spread `dialog` on a
 * ConfirmDialog.
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
        const { recipients } = await calls.preview(id);
        if (recipients === 0) notify.info(DEADLINE_MESSAGES.noneToRemind);
        else setAsking({ id, recipients });
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
      message: asking ? t.reminderQuestion(asking.recipients) : '',
      confirmLabel: 'Enviar',
      tone: 'primary' as const,
      onConfirm: confirm,
      onCancel: () => setAsking(null),
    },
  };
}
