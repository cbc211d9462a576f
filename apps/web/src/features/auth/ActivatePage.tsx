import { accessEndpoints } from '@evalua/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, resetCsrfToken } from '../../api/client';
import { afterSignInPath, fetchMe, meQueryKey } from '../../api/session';
import { TokenPasswordPage } from './TokenPasswordPage';

/**
 * /activar?token=…: the link of an access e-mail. The person chooses their password and the server
 * signs them in: like after the login form, the session is read again and they land on their start
 * page.
 */
export default function ActivatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <TokenPasswordPage
      title="Activar tu cuenta"
      intro="Elige la contraseña con la que vas a iniciar sesión en Evalúa."
      submitLabel="Guardar y entrar"
      send={async (token, newPassword) => {
        await api.call(accessEndpoints.activate, { body: { token, newPassword } });
        // A new session: its CSRF token is another one.
        resetCsrfToken();
        const session = await fetchMe();
        queryClient.setQueryData(meQueryKey, session);
        void navigate(session ? afterSignInPath(session.role) : '/login', { replace: true });
      }}
    />
  );
}
