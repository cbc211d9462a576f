import { categoryInputSchema, type Category, type CategoryInput } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../components/forms/FormActions';

interface Props {
  editing: Category | null;
  saving: boolean;
  onSubmit: (values: CategoryInput) => Promise<boolean>;
  onCancel: () => void;
}

/** Create or edit one category; the name is required (same message as the server's). */
export function CategoryForm({ editing, saving, onSubmit, onCancel }: Props) {
  const form = useForm<CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: '' },
  });
  useEffect(() => {
    form.reset({ name: editing?.name ?? '' });
  }, [editing, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values)) form.reset({ name: '' });
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {editing ? 'Editar categoría' : 'Nueva categoría'}
          </Title>
          <TextInput
            label="Nombre"
            withAsterisk
            error={form.formState.errors.name?.message}
            {...form.register('name')}
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
