import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { serverMessageOr } from '../../api/errors';
import { useMe } from '../../api/session';
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
  const [error, setError] = useState<string | null>(null);
  const form = useForm<UserFormValues, unknown, CreateFormOutput>({
    resolver: zodResolver(createFormSchema),
    defaultValues: blankUser,
  });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await create.mutateAsync(values);
      notify.success(t.created);
      void navigate('/users');
    } catch (err) {
      setError(serverMessageOr(err, t.createError));
    }
  });

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="md" maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
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
            <Group>
              <Button type="submit" loading={create.isPending}>
                Crear usuario
              </Button>
              <Button component={Link} to="/users" variant="default">
                Cancelar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
