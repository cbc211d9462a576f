import { useState } from 'react';

/**
 * Which row a ConfirmDialog asks about: ask(row) opens it; `dialog` (opened, onConfirm, onCancel) is
 * spread on the dialog, whose confirm closes it and runs the action on that row.
 */
export function useConfirm<T>(action: (target: T) => Promise<unknown>) {
  const [target, setTarget] = useState<T | null>(null);
  const close = () => setTarget(null);
  const confirm = () => {
    if (target === null) return;
    close();
    void action(target);
  };
  return { target, ask: setTarget, dialog: { opened: target !== null, onConfirm: confirm, onCancel: close } };
}
