import { Loader, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { useScreenTitle } from '../../app/screen-title';
import { messages } from '../../i18n/messages';
import { useUser } from './api/users';
import { EditUserForm } from './EditUserForm';

/** Editar Usuario: loads the user, then the form (same fields plus an optional new password). */
export default function EditUserPage() {
  const title = useScreenTitle();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const user = useUser(id);

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
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
