import type { Collaborator } from '@evalua/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { notify } from '../../app/notify';
import { useScreenTitle } from '../../app/screen-title';
import { messages } from '../../i18n/messages';
import { useCategories } from '../categories/api/categories';
import {
  useCollaboratorsPage,
  useCreateCollaborator,
  useDeleteCollaborator,
  useUpdateCollaborator,
  type CollaboratorBody,
} from './api/collaborators';
import { CollaboratorForm } from './CollaboratorForm';
import { CollaboratorsList } from './CollaboratorsList';
import { usePagedSearch } from '../../app/lists/usePagedSearch';

const t = messages.staff;

export default function CollaboratorsPage() {
  const title = useScreenTitle();
  const paging = usePagedSearch();
  const { q, page, setPage } = paging;
  const list = useCollaboratorsPage({ q, page });
  const categories = useCategories();
  const create = useCreateCollaborator();
  const update = useUpdateCollaborator();
  const remove = useDeleteCollaborator();
  const [editing, setEditing] = useState<Collaborator | null>(null);
  const [confirming, setConfirming] = useState<Collaborator | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: CollaboratorBody): Promise<boolean> => {
    setError(null);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await create.mutateAsync(values);
      notify.success(editing ? t.collaboratorUpdated : t.collaboratorCreated);
      setEditing(null);
      return true;
    } catch (err) {
      setError(serverMessageOr(err, t.collaboratorSaveError));
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    const target = confirming;
    setConfirming(null);
    setError(null);
    try {
      await remove.mutateAsync(target.id);
      if (editing?.id === target.id) setEditing(null);
      if (list.data?.rows.length === 1 && page > 1) setPage(page - 1);
      notify.success(t.collaboratorDeleted);
    } catch (err) {
      setError(serverMessageOr(err, t.collaboratorDeleteError));
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {categories.isError && (
        <Alert color="red" role="alert">
          {t.categoriesLoadError}
        </Alert>
      )}
      <Stack gap="xl">
        <CollaboratorForm
          editing={editing}
          categories={categories.data ?? []}
          categoriesLoading={categories.isPending}
          saving={create.isPending || update.isPending}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
        <CollaboratorsList
          list={list}
          paging={paging}
          categories={categories.data ?? []}
          onEdit={setEditing}
          onDelete={setConfirming}
        />
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title="Eliminar colaborador"
        message={confirming ? t.confirmDeleteCollaborator(confirming.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
