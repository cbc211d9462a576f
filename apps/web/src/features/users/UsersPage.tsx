import type { UserListRow, UsersImportResult } from '@evalua/contracts';
import { Alert, Anchor, Box, Button, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../api/session';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { PAGE_CONTROL_LABELS } from '../../components/lists/Pager';
import { notify } from '../../components/feedback/notify';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { USERS_PAGE_SIZE } from '../../api/queries/users';
import { useConfirmEmail, useSetUserStatus, useUsersPage } from './api/users';
import { ImportStaff } from './import/ImportStaff';
import { importAccessNotice } from './import/import-result';
import { UsersTable } from './UsersTable';

const t = messages.users;

/** Gestión de Usuarios: the list, paged and searched on the server, with activate/deactivate. */
export default function UsersPage() {
  const title = useScreenTitle();
  const { data: me } = useMe();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // After an import that created people: how they get in (links mailed, or to send from a row).
  const [imported, setImported] = useState<UsersImportResult | null>(null);
  const accessNotice = imported ? importAccessNotice(imported) : null;
  const list = useUsersPage(page, q);
  const status = useSetUserStatus();
  const { error, clear, run } = useActionError();

  const applySearch = useDebouncedCallback((value: string) => {
    setQ(value.trim());
    setPage(1);
  }, 300);

  const setStatus = (user: UserListRow, next: boolean) =>
    run(async () => {
      await status.mutateAsync({ id: user.id, status: next });
      notify.success(next ? t.activated(user.name) : t.deactivated(user.name));
    }, t.statusError);
  // An administrator confirms that an address is the person's own (decision 040): asked first.
  const confirmEmail = useConfirmEmail();
  const confirmation = useConfirm<UserListRow>((user) =>
    run(async () => {
      await confirmEmail.mutateAsync({ id: user.id, email: user.email ?? '' });
      notify.success(t.emailConfirmed(user.name));
    }, t.confirmEmailError),
  );
  // Deactivating locks the person out: it is asked first. Activating is done at once.
  const deactivation = useConfirm<UserListRow>((user) => setStatus(user, false));
  const toggleStatus = (user: UserListRow) => {
    if (user.status) deactivation.ask(user);
    else void setStatus(user, true);
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 1;
  const first = data ? (data.page - 1) * USERS_PAGE_SIZE + 1 : 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{title}</Title>
        <Group gap="sm">
          <ImportStaff onApplied={setImported} />
          <Button component={Link} to="/create-user">
            Crear usuario
          </Button>
        </Group>
      </Group>
      <TextInput
        label="Buscar usuario"
        description="Por nombre o correo electrónico"
        type="search"
        maw={420}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          applySearch(e.currentTarget.value);
        }}
      />
      {imported && accessNotice && (
        <Alert
          color="blue"
          title="Enlaces de acceso"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setImported(null)}
        >
          <Stack gap={4}>
            {accessNotice.map((sentence) => (
              <Text size="sm" key={sentence}>
                {sentence}
              </Text>
            ))}
            {imported.links_sent > 0 && (
              <Anchor component={Link} to="/correos" size="sm">
                Ver los correos enviados
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <ListState
        query={list}
        isEmpty={data?.total === 0}
        loadingLabel="Cargando usuarios"
        errorText={t.loadError}
        emptyText={q ? t.noMatches : t.empty}
      />
      {data && data.total > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {`Mostrando ${first}–${first + data.rows.length - 1} de ${data.total} usuarios`}
          </Text>
          <UsersTable
            rows={data.rows}
            canChangeAdmins={me?.role === 'admin'}
            pendingId={status.isPending ? (status.variables?.id ?? null) : null}
            onToggleStatus={toggleStatus}
            {...(me?.role === 'admin'
              ? {
                  onConfirmEmail: (user: UserListRow) => confirmation.ask(user),
                  confirmingId: confirmEmail.isPending ? (confirmEmail.variables?.id ?? null) : null,
                }
              : {})}
          />
          {pages > 1 && (
            <Box component="nav" aria-label="Páginas de usuarios">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })}
                getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
              />
            </Box>
          )}
        </>
      )}
      <ConfirmDialog
        {...deactivation.dialog}
        title="Desactivar usuario"
        message={deactivation.target ? t.confirmDeactivate(deactivation.target.name) : ''}
        confirmLabel="Desactivar"
      />
      <ConfirmDialog
        {...confirmation.dialog}
        title="Confirmar correo"
        message={
          confirmation.target
            ? t.confirmEmailQuestion(confirmation.target.name, confirmation.target.email ?? '')
            : ''
        }
        confirmLabel="Confirmar correo"
      />
    </Stack>
  );
}
