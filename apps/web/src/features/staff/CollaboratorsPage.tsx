import type { Collaborator } from '@evalua/contracts';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { notify } from '../../components/feedback/notify';
import { useScreenTitle } from '../../components/screen-title';
import { categoryQueries } from '../../api/queries/categories';
import { messages } from '../../i18n/messages';
import {
  useCollaboratorsPage,
  useCreateCollaborator,
  useDeleteCollaborator,
  useUpdateCollaborator,
} from './api/collaborators';
import { CollaboratorForm, type CollaboratorValues } from './CollaboratorForm';
import { CollaboratorsList } from './CollaboratorsList';
import { usePagedSearch } from '../../components/lists/usePagedSearch';

const t = messages.staff;

export default function CollaboratorsPage() {
  const title = useScreenTitle();
  const paging = usePagedSearch();
  const { q, page, setPage } = paging;
  const list = useCollaboratorsPage({ q, page });
  const categories = useQuery(categoryQueries.list());
  const create = useCreateCollaborator();
  const update = useUpdateCollaborator();
  const remove = useDeleteCollaborator();
  const [editing, setEditing] = useState<Collaborator | null>(null);
  const { error, clear, run } = useActionError();

  const save = (values: CollaboratorValues): Promise<boolean> =>
    run(async () => {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await create.mutateAsync(values);
      notify.success(editing ? t.collaboratorUpdated : t.collaboratorCreated);
      setEditing(null);
    }, t.collaboratorSaveError);

  const confirm = useConfirm<Collaborator>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      if (editing?.id === target.id) setEditing(null);
      if (list.data?.rows.length === 1 && page > 1) setPage(page - 1);
      notify.success(t.collaboratorDeleted);
    }, t.collaboratorDeleteError),
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      {categories.isError && <ErrorBanner>{t.categoriesLoadError}</ErrorBanner>}
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
          onDelete={confirm.ask}
        />
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar colaborador"
        message={confirm.target ? t.confirmDeleteCollaborator(confirm.target.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
    </Stack>
  );
}
