import { createEvaluatorSchema, updateEvaluatorSchema, type Evaluator } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormActions } from '../../components/forms/FormActions';
import type { z } from 'zod';
import { messages } from '../../i18n/messages';

/** What the form gives: name, e-mail and, when one was typed, the password. */
export type EvaluatorValues = z.output<typeof updateEvaluatorSchema>;

interface Props {
  editing: Evaluator | null;
  saving: boolean;
  onSubmit: (values: EvaluatorValues) => Promise<boolean>;
  onCancel: () => void;
}

interface Values {
  name: string;
  email: string;
  password: string;
}

const EMPTY: Values = { name: '', email: '', password: '' };

/**
 * Create or edit one evaluator with the server's own schemas (same Spanish messages): name and
 * e-mail always required; the password required when creating, optional when editing (left out
 * when blank, so the current one is kept).
 */
export function EvaluatorForm({ editing, saving, onSubmit, onCancel }: Props) {
  const resolver = useMemo(
    () =>
      zodResolver(editing ? updateEvaluatorSchema : createEvaluatorSchema) as unknown as Resolver<
        Values,
        unknown,
        EvaluatorValues
      >,
    [editing],
  );
  const form = useForm<Values, unknown, EvaluatorValues>({ resolver, defaultValues: EMPTY });
  useEffect(() => {
    form.reset(editing ? { name: editing.name, email: editing.email ?? '', password: '' } : EMPTY);
    if (editing) form.setFocus('name');
  }, [editing, form]);

  const submit = form.handleSubmit(async ({ name, email, password }) => {
    const body: EvaluatorValues = password ? { name, email, password } : { name, email };
    if (await onSubmit(body)) form.reset(EMPTY);
  });
  const { errors } = form.formState;

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {editing ? `Editar evaluador: ${editing.name}` : 'Nuevo evaluador'}
          </Title>
          <TextInput
            label="Nombre"
            withAsterisk
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label="Correo electrónico"
            type="email"
            withAsterisk
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Contraseña"
            withAsterisk={!editing}
            autoComplete="new-password"
            description={editing ? messages.staff.passwordKeep : undefined}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormActions
            submitLabel={editing ? 'Guardar' : 'Crear'}
            saving={saving}
            onCancel={editing ? onCancel : undefined}
          />
        </Stack>
      </form>
    </Paper>
  );
}
