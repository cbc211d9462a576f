import { ACCESS_MESSAGES } from '@evalua/contracts';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import { messages } from '../../i18n/messages';
import { tokenOf } from './new-password';
import { NewPasswordForm } from './NewPasswordForm';
import { PublicFrame } from './PublicFrame';

interface Props {
  title: string;
  intro: string;
  submitLabel: string;
  /** Sends the token and the new password; what happens next (a redirect) is the page's. */
  send: (token: string, newPassword: string) => Promise<void>;
}

/**
 * The page a single-use link opens (/restablecer-contrasena, /activar): the new password twice.
 * Without a token, or once the server says the link is used, expired or unknown, it shows that
 * sentence and where to ask for a new link instead of the form.
 */
export function TokenPasswordPage({ title, intro, submitLabel, send }: Props) {
  const [params] = useSearchParams();
  const token = tokenOf(params);
  const [failure, setFailure] = useState<string | null>(null);
  const linkDead = token === null || failure === ACCESS_MESSAGES.linkInvalid;

  const submit = async (newPassword: string) => {
    if (token === null) return;
    setFailure(null);
    try {
      await send(token, newPassword);
    } catch (err) {
      setFailure(errorText(err, messages.access.saveError, [400, 429]));
    }
  };

  const askAgain = (
    <Anchor component={Link} to="/recuperar-contrasena" size="sm">
      Pedir un enlace nuevo
    </Anchor>
  );

  return (
    <PublicFrame title={title}>
      {linkDead ? (
        <>
          <Alert color="red" role="alert">
            {ACCESS_MESSAGES.linkInvalid}
          </Alert>
          {askAgain}
          <Anchor component={Link} to="/login" size="sm">
            Ir a Iniciar Sesión
          </Anchor>
        </>
      ) : (
        <Stack>
          <Text size="sm">{intro}</Text>
          {failure && (
            <Alert color="red" role="alert">
              <Stack gap="xs">
                <Text size="sm">{failure}</Text>
                {askAgain}
              </Stack>
            </Alert>
          )}
          <NewPasswordForm submitLabel={submitLabel} onSubmit={submit} />
        </Stack>
      )}
    </PublicFrame>
  );
}
