import type { V2Item } from '@evalua/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { failedWith } from '../../api/errors';
import { formatTime } from '../../i18n/format';
import { draftAnswers, draftKey, type Draft } from './answers';
import { useSaveV2Draft } from './api/draft';
import { v2AnswerMessages } from '../../i18n/v2-answers-messages';

/** How long after the last change the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; time: string }
  | { kind: 'error'; message: string };

interface Options {
  assignmentId: number;
  items: V2Item[];
  /** The form's current content. */
  values: Draft;
  /** What the form opened with (the saved draft): nothing to save until it changes. */
  initial: Draft;
  /** The answers are being sent: no draft now (the submit deletes it). */
  paused: boolean;
}

/**
 * The rater's answers saved on the server as a draft (decision 034): AUTOSAVE_DELAY_MS after the
 * last change, or at once with `saveNow` ('Guardar borrador'). One save at a time, always of the
 * latest content; `unsaved` says whether the form has changes the draft does not have.
 */
export function useDraftAutosave({ assignmentId, items, values, initial, paused }: Options) {
  const { mutateAsync } = useSaveV2Draft(assignmentId);
  const key = draftKey(items, values);
  const [savedKey, setSavedKey] = useState(() => draftKey(items, initial));
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  // What a save sends: the latest content, even when a timer set for an older one fires.
  const latest = useRef({ key, values });
  useEffect(() => {
    latest.current = { key, values };
  });
  const inFlight = useRef<Promise<void> | null>(null);

  const saveNow = useCallback(async () => {
    while (inFlight.current) await inFlight.current;
    const { key: saving, values: content } = latest.current;
    setStatus({ kind: 'saving' });
    const run = (async () => {
      try {
        const draft = await mutateAsync({ answers: draftAnswers(items, content) });
        setSavedKey(saving);
        setStatus({ kind: 'saved', time: formatTime(draft.updated_at ?? Date.now()) });
      } catch (err) {
        if (failedWith(err, 401)) {
          setStatus({ kind: 'idle' });
          return;
        }
        const fromServer = err instanceof ApiError && err.status === 409;
        setStatus({ kind: 'error', message: fromServer ? err.message : v2AnswerMessages.saveFailed });
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [items, mutateAsync]);

  /** Resolves once no draft save is on its way (before the answers are sent). */
  const settled = useCallback(async () => {
    while (inFlight.current) await inFlight.current;
  }, []);

  useEffect(() => {
    if (paused || key === savedKey) return;
    const timer = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, savedKey, paused, saveNow]);

  return { status, unsaved: key !== savedKey, saveNow, settled };
}
