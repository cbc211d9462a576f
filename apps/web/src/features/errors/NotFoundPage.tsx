import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { startPathFor, useMe } from '../../api/session';
import { shellMessages as messages } from '../../i18n/shell-messages';

export default function NotFoundPage() {
  const { data: me } = useMe();
  return (
    <Center py="xl" component={me ? 'div' : 'main'}>
      <Stack align="center" ta="center">
        <Title order={1}>{messages.notFound}</Title>
        <Text>La dirección que buscas no existe o cambió de lugar.</Text>
        <Anchor component={Link} to={startPathFor(me?.role)}>
          Volver al inicio
        </Anchor>
      </Stack>
    </Center>
  );
}
