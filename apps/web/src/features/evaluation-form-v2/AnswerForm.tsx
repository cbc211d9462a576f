import { v2MissingAnswersMessage, type V2AnswerInput, type V2Item } from '@evalua/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { messages } from '../../i18n/messages';
import { buildAnswers, draftProblems, emptyDraft, type Draft } from './answers';
import { QuestionField } from './QuestionField';

const t = messages.evaluationFormV2;

interface Props {
  items: V2Item[];
  saving: boolean;
  onSave: (answers: V2AnswerInput[]) => void;
  onCancel: () => void;
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

/** The questions of one assignment, 'Cancelar' and 'Guardar respuestas' ('Guardando…' while sending). */
export function AnswerForm({ items, saving, onSave, onCancel }: Props) {
  const resolver = useMemo(() => resolverFor(items), [items]);
  const form = useForm<Draft>({ defaultValues: emptyDraft(items), resolver });
  const missing = Object.keys(form.formState.errors).length;

  return (
    <form onSubmit={form.handleSubmit((values) => onSave(buildAnswers(items, values)))} noValidate>
      <Stack gap="md">
        <Text size="sm">{t.intro}</Text>
        {items.map((item, i) => (
          <QuestionField key={item.id} item={item} n={i + 1} control={form.control} />
        ))}
        {missing > 0 && (
          <Alert color="red" role="alert">
            {v2MissingAnswersMessage(missing)}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Guardando…' : 'Guardar respuestas'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
