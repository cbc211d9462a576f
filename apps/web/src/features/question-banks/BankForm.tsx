import { questionBankInputSchema, type QuestionBank, type QuestionBankInput } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../components/forms/FormActions';
import type { z } from 'zod';

export type BankValues = z.output<typeof questionBankInputSchema>;

interface Props {
  editing: QuestionBank | null;
  saving: boolean;
  onSubmit: (values: BankValues) => Promise<boolean>;
  onCancel: () => void;
}

const blank = { name: '', description: '' };

/** Create or edit one bank: name required (the server's own message), description optional. */
export function BankForm({ editing, saving, onSubmit, onCancel }: Props) {
  const form = useForm<QuestionBankInput, unknown, BankValues>({
    resolver: zodResolver(questionBankInputSchema),
    defaultValues: blank,
  });
  const nameRef = useRef<HTMLInputElement>(null);
  const nameField = form.register('name');
  const mergedNameRef = useMergedRef(nameRef, nameField.ref);
  // Before paint: the title never says "Editar" over an empty field.
  useLayoutEffect(() => {
    form.reset(editing ? { name: editing.name, description: editing.description ?? '' } : blank);
    if (editing) nameRef.current?.focus();
  }, [editing, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values)) form.reset(blank);
  });
  const { errors } = form.formState;

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-labelledby="bank-form-title">
        <Stack>
          <Title order={2} size="h4" id="bank-form-title">
            {editing ? 'Editar banco' : 'Nuevo banco'}
          </Title>
          <TextInput
            label="Nombre del banco"
            withAsterisk
            error={errors.name?.message}
            {...nameField}
            ref={mergedNameRef}
          />
          <Textarea
            label="Descripción"
            description="Opcional"
            autosize
            minRows={2}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <FormActions
            submitLabel={editing ? 'Guardar' : 'Crear banco'}
            saving={saving}
            onCancel={editing ? onCancel : undefined}
          />
        </Stack>
      </form>
    </Paper>
  );
}
