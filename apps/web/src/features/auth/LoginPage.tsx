import type { LoginRequest, setupEndpoints } from '@evalua/contracts';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Image,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { api, shellEndpoint } from '../../api/client';
import { failedWith, isCsrfFailure } from '../../api/errors';
import { afterSignInPath, fetchMe, login, meQueryKey, startPathFor, useMe } from '../../api/session';
import { shellMessages as messages } from '../../i18n/shell-messages';
import { passwordSavedNotice } from './login-notice';

// zod and the contracts are a third of the login screen's weight, and only a submitted form needs
// them: the validation loads on first use (or as soon as a field gets focus), so the screen shows
// without it. The messages are the same contract schema's.
const loadResolver = () => import('./login-resolver').then((m) => m.loginResolver);
const resolver: Resolver<LoginRequest> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

/** Whether the first administrator is still to be created (light: no zod on the login screen). */
const setupStatus = shellEndpoint<typeof setupEndpoints.status>({ method: 'GET', path: '/api/setup/status' });

export default function LoginPage() {
  const { data: me } = useMe();
  // The key of api/queries/setup.ts (not imported: it would bring the contracts' schemas along).
  const setup = useQuery({ queryKey: ['setup-status'], queryFn: () => api.call(setupStatus) });
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // Where this login sends the user: admin to /dashboard, everyone else to /home (SPEC §2).
  const [target, setTarget] = useState<string | null>(null);
  // Back from /restablecer-contrasena with a new password: say so above the form.
  const notice = passwordSavedNotice(useLocation().state) ? messages.login.passwordSaved : null;
  const form = useForm<LoginRequest>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  if (target) return <Navigate to={target} replace />;
  // Already logged in when opening /login: admin and HR to /dashboard, others to /home.
  if (me) return <Navigate to={startPathFor(me.role)} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await login(values);
      const session = await fetchMe();
      setTarget(afterSignInPath(user.role));
      queryClient.setQueryData(meQueryKey, session);
    } catch (err) {
      if (isCsrfFailure(err)) setFailure(err.message);
      else setFailure(failedWith(err, 429) ? messages.login.tooMany : messages.login.failed);
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={onSubmit} onFocus={() => void loadResolver().catch(() => undefined)} noValidate>
          <Stack>
            <Image
              src="/logo.svg"
              alt="Evalúa"
              h={40}
              w="auto"
              fit="contain"
              style={{ alignSelf: 'center' }}
            />
            <Title order={1} size="h2" ta="center">
              {messages.login.title}
            </Title>
            {setup.data?.needsSetup && (
              <Alert color="blue" role="status" title={messages.login.needsSetupTitle}>
                {messages.login.needsSetup}
              </Alert>
            )}
            {notice && !failure && (
              <Alert color="green" role="status">
                {notice}
              </Alert>
            )}
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label="Correo electrónico"
              type="email"
              autoComplete="username"
              withAsterisk
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <PasswordInput
              label="Contraseña"
              autoComplete="current-password"
              withAsterisk
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            <Button type="submit" loading={form.formState.isSubmitting}>
              {messages.login.title}
            </Button>
            <Anchor component={Link} to="/recuperar-contrasena" ta="center" size="sm">
              {messages.login.forgot}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
