import { useQuery } from '@tanstack/react-query';
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';
import { categoryQueries } from '../../api/queries/categories';
import { ManagerSelect } from './ManagerSelect';
import { roleOptions, type UserFormValues } from './user-form';

interface Props<Out> {
  form: UseFormReturn<UserFormValues, unknown, Out>;
  /** Whether 'Administrador' is offered (only an admin gives that role). */
  withAdmin: boolean;
  /** An edit: the person's id (never their own manager) and their current manager's name. */
  editing?: { id: number; managerName: string | null };
}

/** The fields shared by Crear Usuario and Editar Usuario (the password fields differ and live there). */
export function UserFields<Out>({ form, withAdmin, editing }: Props<Out>) {
  const categories = useQuery(categoryQueries.list());
  const errors = form.formState.errors;
  const categoryData = [
    { value: '', label: 'Sin categoría' },
    ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  return (
    <>
      {categories.isError && <ErrorBanner>{messages.users.categoriesError}</ErrorBanner>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <NativeSelect
              {...field}
              label="Rol"
              withAsterisk
              data={[{ value: '', label: 'Selecciona un rol' }, ...roleOptions(withAdmin)]}
              error={errors.role?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="category_id"
          render={({ field }) => (
            <NativeSelect
              {...field}
              label="Categoría"
              data={categoryData}
              disabled={categories.isPending}
              error={errors.category_id?.message}
            />
          )}
        />
        <TextInput label="Puesto" error={errors.position?.message} {...form.register('position')} />
        <TextInput label="Departamento" error={errors.department?.message} {...form.register('department')} />
        <Controller
          control={form.control}
          name="manager_id"
          render={({ field }) => (
            <ManagerSelect
              value={field.value}
              onChange={field.onChange}
              currentName={editing?.managerName ?? null}
              {...(editing ? { selfId: editing.id } : {})}
              error={errors.manager_id?.message}
            />
          )}
        />
      </SimpleGrid>
    </>
  );
}
