import { setupEndpoints } from '@evalua/contracts';
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
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { setupQueries } from '../../api/queries/setup';
import { messages } from '../../i18n/messages';

interface Values {
  name: string;
  email: string;
  password: string;
  repeat: string;
}

export default function SetupPage() {
  const [params] = useSearchParams();
  const status = useQuery(setupQueries.status());
  const create = useMutation({
    mutationFn: (v: Omit<Values, 'repeat'>) =>
      api.call(setupEndpoints.complete, { body: { ...v, token: params.get('token') ?? '' } }),
  });
  const form = useForm<Values>({ defaultValues: { name: '', email: '', password: '', repeat: '' } });
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
      setError(err instanceof Error ? err.message : String(err));
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
          {status.data?.needsSetup && !create.isSuccess && (
            <form onSubmit={onSubmit} noValidate>
              <Stack>
                <Text>Crea la cuenta del primer administrador de Evalúa.</Text>
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                <TextInput label="Nombre" withAsterisk autoComplete="name" {...form.register('name')} />
                <TextInput
                  label="Correo electrónico"
                  type="email"
                  withAsterisk
                  autoComplete="username"
                  {...form.register('email')}
                />
                <PasswordInput
                  label="Contraseña"
                  withAsterisk
                  autoComplete="new-password"
                  {...form.register('password')}
                />
                <PasswordInput
                  label="Repetir contraseña"
                  withAsterisk
                  autoComplete="new-password"
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
