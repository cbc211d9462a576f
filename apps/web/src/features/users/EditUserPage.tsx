import { Group, Loader, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useMe } from '../../api/session';
import { useScreenTitle } from '../../components/screen-title';
import { AccessLinkButton } from '../../components/AccessLinkButton';
import { messages } from '../../i18n/messages';
import { useUser } from './api/users';
import { EditUserForm } from './EditUserForm';

/** Editar Usuario: loads the user, then the form (same fields plus an optional new password). */
export default function EditUserPage() {
  const title = useScreenTitle();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const user = useUser(id);
  const { data: me } = useMe();
  // Only an administrator acts on an administrator's account (as everywhere in Usuarios).
  const mayLink = user.data !== undefined && (user.data.role !== 'admin' || me?.role === 'admin');

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{title}</Title>
        {user.data && mayLink && <AccessLinkButton user={user.data} active={user.data.status} size="sm" />}
      </Group>
      {!valid || user.isError ? (
        <ErrorBanner>{messages.users.loadOneError}</ErrorBanner>
      ) : user.data && user.isFetchedAfterMount ? (
        <EditUserForm key={user.data.id} user={user.data} />
      ) : (
        <Loader role="status" aria-label="Cargando usuario" />
      )}
    </Stack>
  );
}
