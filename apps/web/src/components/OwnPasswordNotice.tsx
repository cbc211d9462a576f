import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '../api/session';

/**
 * Asks a user whose password somebody else chose (admin or HR) to choose their own: until then
 * someone else could log in as them (decision 023). Nothing when the password is their own.
 */
export function OwnPasswordNotice({ linkToProfile = true }: { linkToProfile?: boolean }) {
  const { data: me } = useMe();
  if (!me?.password_set_by_other) return null;
  return (
    <Alert color="blue" title="Elige tu propia contraseña" role="status">
      <Text size="sm">
        Tu contraseña la asignó otra persona.{' '}
        {linkToProfile ? (
          <>
            Cámbiala en{' '}
            <Anchor component={Link} to="/profile">
              Mi Perfil
            </Anchor>
          </>
        ) : (
          'Cámbiala aquí abajo'
        )}
        : así solo tú puedes entrar con ella.
      </Text>
    </Alert>
  );
}
