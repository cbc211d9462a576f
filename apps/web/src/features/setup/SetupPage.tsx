import { setupEndpoints, setupRequestSchema } from '@evalua/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { setupKeys, setupQueries } from '../../api/queries/setup';
import { messages } from '../../i18n/messages';

/** The contract's rules for each field (the server's sentences, shown before anything is sent). */
const formSchema = setupRequestSchema.omit({ token: true }).extend({
  repeat: z.string().min(1, { error: 'Repite la contraseña.' }),
});
type Values = z.infer<typeof formSchema>;

export default function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useQuery(setupQueries.status());
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (v: Omit<Values, 'repeat'>) => api.call(setupEndpoints.complete, { body: { ...v, token } }),
    // /login no longer says there is no administrator (it reads the same query).
    onSuccess: () => queryClient.setQueryData(setupKeys.all, { needsSetup: false }),
  });
  const form = useForm<z.input<typeof formSchema>, unknown, Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', email: '', password: '', repeat: '' },
  });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ repeat, ...values }) => {
    setError(null);
    if (values.password !== repeat) {
      setError(messages.setup.mismatch);
      return;
    }
    try {
      await create.mutateAsync(values);
    } catch (err) {
      // The server's refusals say what to do (a spent link, a taken address); anything else is ours.
      setError(errorText(err, messages.setup.createError, 'client'));
    }
  });

  const toLogin = (
    <Anchor component={Link} to="/login">
      Ir a Iniciar Sesión
    </Anchor>
  );

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={460}>
        <Stack>
          <Title order={1} size="h2">
            Configuración inicial
          </Title>
          {status.isPending && <Loader role="status" aria-label="Cargando" />}
          {status.data && !status.data.needsSetup && !create.isSuccess && (
            <>
              <Text>{messages.setup.done}</Text>
              {toLogin}
            </>
          )}
          {create.isSuccess && (
            <>
              <Alert color="green" role="status">
                {messages.setup.created}
              </Alert>
              {toLogin}
            </>
          )}
          {status.data?.needsSetup && !create.isSuccess && token === '' && (
            <Alert color="red" role="alert">
              {messages.setup.noToken}
            </Alert>
          )}
          {status.data?.needsSetup && !create.isSuccess && token !== '' && (
            <form onSubmit={onSubmit} noValidate>
              <Stack>
                <Text>Crea la cuenta del primer administrador de Evalúa.</Text>
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                <TextInput
                  label="Nombre"
                  withAsterisk
                  autoComplete="name"
                  error={errors.name?.message}
                  {...form.register('name')}
                />
                <TextInput
                  label="Correo electrónico"
                  type="email"
                  withAsterisk
                  autoComplete="username"
                  error={errors.email?.message}
                  {...form.register('email')}
                />
                <PasswordInput
                  label="Contraseña"
                  withAsterisk
                  autoComplete="new-password"
                  error={errors.password?.message}
                  {...form.register('password')}
                />
                <PasswordInput
                  label="Repetir contraseña"
                  withAsterisk
                  autoComplete="new-password"
                  error={errors.repeat?.message}
                  {...form.register('repeat')}
                />
                <Button type="submit" loading={create.isPending}>
                  Crear administrador
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
