import { Button, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../api/session';
import { useMenu } from '../../app/menu-context';
import { OwnPasswordNotice } from '../../app/OwnPasswordNotice';

export default function HomePage() {
  const { data: me } = useMe();
  const { openMenu } = useMenu();
  return (
    <Stack maw={640} gap="md">
      <Title order={1}>Hola, {me?.name}</Title>
      <OwnPasswordNotice />
      <Text>Desde el menú puedes acceder a tus evaluaciones, tu historial y tu perfil.</Text>
      <div>
        <Button onClick={openMenu}>Ir al Menú</Button>
      </div>
    </Stack>
  );
}
