import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '../api/session';

/**
 * Asks a user whose password somebody else chose (admin or HR) to choose their own: until then
 * someone else could log in as them, and their 360 answers do not count toward anonymity thresholds
 * (decision 023). Nothing when the password is their own.
 */
export function OwnPasswordNotice({ linkToProfile = true }: { linkToProfile?: boolean }) {
  const { data: me } = useMe();
  if (!me?.password_set_by_other) return null;
  // V2_RESULT_READER_ROLES of contracts, written out: importing its runtime here would add the whole
  // contracts chunk (34 kB gzipped) to /home and /profile.
  const reader = me.role === 'admin' || me.role === 'gestionhumana';
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
        : así solo tú puedes entrar con ella
        {reader ? '.' : ' y tus respuestas en evaluaciones 360 cuentan para el mínimo de anonimato.'}
      </Text>
    </Alert>
  );
}
