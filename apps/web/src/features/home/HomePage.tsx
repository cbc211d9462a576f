import { Button, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useMe } from '../../api/session';
import { useMenu } from '../../components/menu-context';
import { OwnPasswordNotice } from '../../components/OwnPasswordNotice';
import { homeMessages as t } from '../../i18n/home-messages';

/** The pending work (the organisation's for admin and HR, one's own for everyone else), loaded apart. */
const PendingWork = lazy(() => import('./PendingWork'));

export default function HomePage() {
  const { data: me } = useMe();
  const { openMenu } = useMenu();
  const manager = me?.role === 'admin' || me?.role === 'gestionhumana';
  return (
    <Stack maw={640} gap="md">
      <Title order={1}>Hola, {me?.name}</Title>
      <OwnPasswordNotice />
      <Text>{manager ? t.managerIntro : t.intro}</Text>
      <div>
        <Button onClick={openMenu}>Ir al Menú</Button>
      </div>
      {me && (
        <Suspense>
          <PendingWork scope={manager ? 'organisation' : 'own'} />
        </Suspense>
      )}
    </Stack>
  );
}
