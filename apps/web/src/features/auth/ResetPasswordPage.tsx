import { accessEndpoints } from '@evalua/contracts';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { PASSWORD_SAVED_STATE } from './login-notice';
import { TokenPasswordPage } from './TokenPasswordPage';

/**
 * /restablecer-contrasena?token=…: the link of a reset e-mail. The new password ends every session
 * of the person; back on /login, a notice says it was saved.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  return (
    <TokenPasswordPage
      title="Restablecer contraseña"
      intro="Elige una contraseña nueva para tu cuenta."
      submitLabel="Guardar contraseña"
      send={async (token, newPassword) => {
        await api.call(accessEndpoints.resetPassword, { body: { token, newPassword } });
        void navigate('/login', { replace: true, state: PASSWORD_SAVED_STATE });
      }}
    />
  );
}
