import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { startPathFor, useMe } from '../../api/session';
import { shellMessages as messages } from '../../i18n/shell-messages';

export default function UnauthorizedPage() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  return (
    <Center py="xl">
      <Stack align="center" maw={520} ta="center">
        <Title order={1}>{messages.denied.title}</Title>
        <Text>{messages.denied.text}</Text>
        <Group>
          <Button onClick={() => void navigate(startPathFor(me?.role))}>Ir al inicio</Button>
          {me?.support_email && (
            <Button component="a" href={`mailto:${me.support_email}`} variant="outline">
              Contactar soporte
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
