import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, PasswordInput, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/session';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { FormActions } from '../../components/forms/FormActions';
import { notify } from '../../components/feedback/notify';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { useCreateUser } from './api/users';
import { UserFields } from './UserFields';
import { blankUser, createFormSchema, type CreateFormOutput, type UserFormValues } from './user-form';

const t = messages.users;

/**
 * Crear Usuario: name, e-mail, password and role required; back to the list with a toast. Instead of
 * typing a password HR may mail an access link (decision 040): a password HR typed never lets the
 * person's 360 answers count toward anonymity.
 */
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

  const access = useWatch({ control: form.control, name: 'access' }) ?? 'password';

  const submit = form.handleSubmit(async (values) => {
    await run(async () => {
      await create.mutateAsync(values);
      notify.success(access === 'link' ? t.createdWithLink : t.created);
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
            <Radio.Group
              label="Acceso"
              description={t.accessChoiceHelp}
              value={access}
              onChange={(value) => form.setValue('access', value === 'link' ? 'link' : 'password')}
            >
              <Group mt="xs">
                <Radio value="password" label="Escribir una contraseña" />
                <Radio value="link" label="Enviar enlace de acceso" />
              </Group>
            </Radio.Group>
            {access === 'password' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label="Contraseña"
                  withAsterisk
                  autoComplete="new-password"
                  error={form.formState.errors.password?.message}
                  {...form.register('password')}
                />
              </SimpleGrid>
            ) : (
              <Text size="sm" c="dimmed">
                {t.accessLinkHelp}
              </Text>
            )}
            <FormActions submitLabel="Crear usuario" saving={create.isPending} cancelTo="/users" />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
