import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/session';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { useActionError } from '../../app/feedback/useActionError';
import { FormActions } from '../../app/forms/FormActions';
import { notify } from '../../app/notify';
import { useScreenTitle } from '../../app/screen-title';
import { messages } from '../../i18n/messages';
import { useCreateUser } from './api/users';
import { UserFields } from './UserFields';
import { blankUser, createFormSchema, type CreateFormOutput, type UserFormValues } from './user-form';

const t = messages.users;

/** Crear Usuario: name, e-mail, password and role required; back to the list with a toast. */
export default function CreateUserPage() {
  const title = useScreenTitle();
  const { data: me } = useMe();
  const create = useCreateUser();
  const navigate = useNavigate();
  const { error, run } = useActionError();
  const form = useForm<UserFormValues, unknown, CreateFormOutput>({
    resolver: zodResolver(createFormSchema),
    defaultValues: blankUser,
  });

  const submit = form.handleSubmit(async (values) => {
    await run(async () => {
      await create.mutateAsync(values);
      notify.success(t.created);
      void navigate('/users');
    }, t.createError);
  });

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="md" maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && <ErrorBanner>{error}</ErrorBanner>}
            <UserFields form={form} withAdmin={me?.role === 'admin'} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="Contraseña"
                withAsterisk
                autoComplete="new-password"
                error={form.formState.errors.password?.message}
                {...form.register('password')}
              />
            </SimpleGrid>
            <FormActions submitLabel="Crear usuario" saving={create.isPending} cancelTo="/users" />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
