import { collaboratorInputSchema, type Category, type Collaborator } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { FormActions } from '../../components/forms/FormActions';
import type { z } from 'zod';
import { messages } from '../../i18n/messages';

/** What the form gives: the server's own schema's output (blank optional fields as null). */
export type CollaboratorValues = z.output<typeof collaboratorInputSchema>;

interface Props {
  editing: Collaborator | null;
  categories: Category[];
  categoriesLoading: boolean;
  saving: boolean;
  onSubmit: (values: CollaboratorValues) => Promise<boolean>;
  onCancel: () => void;
}

interface Values {
  name: string;
  position: string;
  department: string;
  email: string;
  category_id: string | null;
}

const EMPTY: Values = { name: '', position: '', department: '', email: '', category_id: null };

const resolver = zodResolver(collaboratorInputSchema) as unknown as Resolver<
  Values,
  unknown,
  CollaboratorValues
>;

function valuesOf(c: Collaborator | null): Values {
  if (!c) return EMPTY;
  return {
    name: c.name,
    position: c.position ?? '',
    department: c.department ?? '',
    email: c.email ?? '',
    category_id: c.category_id === null ? null : String(c.category_id),
  };
}

/**
 * Create or edit one collaborator with the server's schema: name, position and category required;
 * department and e-mail optional (blank is sent as null).
 */
export function CollaboratorForm({
  editing,
  categories,
  categoriesLoading,
  saving,
  onSubmit,
  onCancel,
}: Props) {
  const form = useForm<Values, unknown, CollaboratorValues>({ resolver, defaultValues: EMPTY });
  useEffect(() => {
    form.reset(valuesOf(editing));
    // The form sits above the list: bring it into view (and the keyboard to it) when editing starts.
    if (editing) form.setFocus('name');
  }, [editing, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values)) form.reset(EMPTY);
  });
  const { errors } = form.formState;
  const options = categories.map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {editing ? `Editar colaborador: ${editing.name}` : 'Nuevo colaborador'}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label="Nombre"
              withAsterisk
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label="Puesto"
              withAsterisk
              autoComplete="off"
              error={errors.position?.message}
              {...form.register('position')}
            />
            <TextInput
              label="Departamento"
              autoComplete="off"
              error={errors.department?.message}
              {...form.register('department')}
            />
            <Controller
              control={form.control}
              name="category_id"
              render={({ field }) => (
                <Select
                  label="Categoría"
                  withAsterisk
                  placeholder={categoriesLoading ? 'Cargando categorías…' : 'Elige una categoría'}
                  data={options}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={errors.category_id?.message}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label="Correo electrónico"
              type="email"
              autoComplete="off"
              description={messages.staff.collaboratorNoLogin}
              error={errors.email?.message}
              {...form.register('email')}
            />
          </SimpleGrid>
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
