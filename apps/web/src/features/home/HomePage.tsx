import { Button, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useMe } from '../../api/session';
import { useMenu } from '../../components/menu-context';
import { OwnPasswordNotice } from '../../components/OwnPasswordNotice';
import { homeMessages as t } from '../../i18n/home-messages';

/** Admin and HR's pending work: loaded only for them, so everyone else's start page stays as light. */
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
      {manager && (
        <Suspense>
          <PendingWork />
        </Suspense>
      )}
    </Stack>
  );
}
