import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  questionInputSchema,
  type Question,
  type QuestionInput,
} from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../components/forms/FormActions';
import type { z } from 'zod';

export type QuestionValues = z.output<typeof questionInputSchema>;

interface Props {
  editing: Question | null;
  saving: boolean;
  onSubmit: (values: QuestionValues) => Promise<boolean>;
  onCancel: () => void;
}

const blank: QuestionInput = { question_text: '', question_type: 'competency' };
const typeOptions = QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }));

/** Add mode ('Agregar') or edit mode ('Guardar' and 'Cancelar') for one question of a bank. */
export function QuestionForm({ editing, saving, onSubmit, onCancel }: Props) {
  const form = useForm<QuestionInput, unknown, QuestionValues>({
    resolver: zodResolver(questionInputSchema),
    defaultValues: blank,
  });
  const textRef = useRef<HTMLTextAreaElement>(null);
  const textField = form.register('question_text');
  const mergedTextRef = useMergedRef(textRef, textField.ref);
  // Before paint: the title never says "Editar" over an empty field.
  useLayoutEffect(() => {
    form.reset(
      editing ? { question_text: editing.question_text, question_type: editing.question_type } : blank,
    );
    if (editing) textRef.current?.focus();
  }, [editing, form]);

  const submit = form.handleSubmit(async (values) => {
    // Keep the chosen type for the next question: HR usually adds several of one kind in a row.
    if (await onSubmit(values)) form.reset({ ...blank, question_type: values.question_type });
  });
  const { errors } = form.formState;

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-labelledby="question-form-title">
        <Stack>
          <Title order={3} size="h5" id="question-form-title">
            {editing ? 'Editar pregunta' : 'Nueva pregunta'}
          </Title>
          <Textarea
            label="Texto de la pregunta"
            withAsterisk
            autosize
            minRows={3}
            error={errors.question_text?.message}
            {...textField}
            // One line (decision 022): the box wraps long text, Enter adds no line break.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            ref={mergedTextRef}
          />
          <NativeSelect
            label="Tipo"
            withAsterisk
            data={typeOptions}
            error={errors.question_type?.message}
            {...form.register('question_type')}
          />
          <FormActions
            submitLabel={editing ? 'Guardar' : 'Agregar'}
            saving={saving}
            onCancel={editing ? onCancel : undefined}
          />
        </Stack>
      </form>
    </Paper>
  );
}
