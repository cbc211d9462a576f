import { v2MissingAnswersMessage, type V2AnswerInput, type V2Item } from '@evalua/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { messages } from '../../i18n/messages';
import { buildAnswers, draftProblems, progressOf, progressText, sameWeights, type Draft } from './answers';
import { QuestionField } from './QuestionField';
import { v2AnswerMessages } from '../../i18n/v2-answers-messages';
import { useDraftAutosave, type AutosaveStatus } from './useDraftAutosave';

const t = messages.evaluationFormV2;

interface Props {
  assignmentId: number;
  items: V2Item[];
  /** The form as it opens: the saved draft merged into the questions (or empty). */
  initial: Draft;
  /** When the draft it opens with was saved (null: none). */
  restoredAt: string | null;
  saving: boolean;
  onSave: (answers: V2AnswerInput[]) => void;
  /** 'Cancelar': `unsaved` when the form has changes the draft does not have yet. */
  onCancel: (unsaved: boolean) => void;
}

/** Every question answered or marked N/A before anything is sent: one Spanish message per question. */
function resolverFor(items: V2Item[]): Resolver<Draft> {
  return (values) => {
    const problems = Object.entries(draftProblems(items, values));
    if (problems.length === 0) return { values, errors: {} };
    const errors: FieldErrors<Draft> = Object.fromEntries(
      problems.map(([field, message]) => [field, { type: 'validate', message }]),
    );
    return { values: {}, errors };
  };
}

/** The draft's quiet status line: saving, saved at, or why it could not be saved. */
function DraftStatus({ status, restoredAt }: { status: AutosaveStatus; restoredAt: string | null }) {
  let text: string | null = null;
  let color: string | undefined = 'dimmed';
  if (status.kind === 'saving') text = v2AnswerMessages.saving;
  else if (status.kind === 'saved') text = v2AnswerMessages.savedAt(status.time);
  else if (status.kind === 'error') {
    text = status.message;
    color = 'red.8';
  } else if (restoredAt) text = v2AnswerMessages.restored(restoredAt);
  return (
    <Text size="sm" c={color} role="status" aria-live="polite" mih="1.4em">
      {text}
    </Text>
  );
}

/**
 * The questions of one assignment, with their progress ('7 de 10 respondidas') at the top and by the
 * buttons; the answers saved as a draft 1.5 s after the last change and on 'Guardar borrador';
 * 'Cancelar' and 'Guardar respuestas' ('Guardando…' while sending).
 */
export function AnswerForm({ assignmentId, items, initial, restoredAt, saving, onSave, onCancel }: Props) {
  const resolver = useMemo(() => resolverFor(items), [items]);
  const form = useForm<Draft>({ defaultValues: initial, resolver });
  const values = useWatch({ control: form.control }) as Draft;
  const missing = Object.keys(form.formState.errors).length;
  const progress = progressText(progressOf(items, values));
  const showWeight = !sameWeights(items);
  const autosave = useDraftAutosave({ assignmentId, items, values, initial, paused: saving });

  return (
    <form
      onSubmit={form.handleSubmit(async (v) => {
        // A draft save already on its way lands first: sent after the answers, it would be refused.
        await autosave.settled();
        onSave(buildAnswers(items, v));
      })}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">{t.intro}</Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={700} data-testid="v2-progress-top">
            {progress}
          </Text>
          {!showWeight && (
            <Text size="sm" c="dimmed">
              · {v2AnswerMessages.sameWeights}
            </Text>
          )}
        </Group>
        {items.map((item, i) => (
          <QuestionField key={item.id} item={item} n={i + 1} control={form.control} showWeight={showWeight} />
        ))}
        {missing > 0 && (
          <Alert color="red" role="alert">
            {v2MissingAnswersMessage(missing)}
          </Alert>
        )}
        <Text size="sm" fw={700} data-testid="v2-progress-bottom">
          {progress}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => onCancel(autosave.unsaved)}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Guardando…' : 'Guardar respuestas'}
          </Button>
        </Group>
        {/* The draft after the spec's two buttons: its own row, with its quiet status beside it. */}
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => void autosave.saveNow()}
            disabled={saving || autosave.status.kind === 'saving'}
          >
            {v2AnswerMessages.saveDraft}
          </Button>
          <DraftStatus status={autosave.status} restoredAt={restoredAt} />
        </Group>
      </Stack>
    </form>
  );
}
