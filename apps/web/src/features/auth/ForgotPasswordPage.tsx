import { accessEndpoints, emailSchema } from '@evalua/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { messages } from '../../i18n/messages';
import { PublicFrame } from './PublicFrame';

const backToLogin = (
  <Anchor component={Link} to="/login" ta="center" size="sm">
    Volver a Iniciar Sesión
  </Anchor>
);

/**
 * '¿Olvidaste tu contraseña?' (/recuperar-contrasena): an e-mail, and the server's one answer,
 * the same whether the address exists or not.
 */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      const res = await api.call(accessEndpoints.forgotPassword, { body: { email: parsed.data } });
      setAnswer(res.message);
    } catch (err) {
      // 400 (the address) and 429 (too many requests) say what to do; anything else is ours.
      setFailure(errorText(err, messages.access.requestError, [400, 429]));
    } finally {
      setSending(false);
    }
  };

  return (
    <PublicFrame title="Recuperar contraseña">
      {answer ? (
        <>
          <Alert color="green" role="status">
            {answer}
          </Alert>
          {backToLogin}
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text size="sm">
              Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para crear una contraseña
              nueva.
            </Text>
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
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError}
            />
            <Button type="submit" loading={sending}>
              Enviar enlace
            </Button>
            {backToLogin}
          </Stack>
        </form>
      )}
    </PublicFrame>
  );
}
