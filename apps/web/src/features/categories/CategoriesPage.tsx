import type { Category, CategoryInput } from '@evalua/contracts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { RowActions } from '../../components/lists/RowActions';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useCategories, useCreateCategory, useDeleteCategory, useUpdateCategory } from './api/categories';
import { CategoryForm } from './CategoryForm';

const t = messages.categories;

export default function CategoriesPage() {
  const list = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null>(null);
  const { error, clear, run } = useActionError();

  const save = (values: CategoryInput): Promise<boolean> =>
    run(async () => {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await create.mutateAsync(values);
      notify.success(editing ? t.updated : t.created);
      setEditing(null);
    }, t.saveError);

  const confirm = useConfirm<Category>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      if (editing?.id === target.id) setEditing(null);
      notify.success(t.deleted);
    }, t.deleteError),
  );

  return (
    <Stack gap="lg">
      <Title order={1}>Categorías</Title>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CategoryForm
          editing={editing}
          saving={create.isPending || update.isPending}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
        <div>
          <ListState
            query={list}
            isEmpty={list.data?.length === 0}
            loadingLabel="Cargando categorías"
            errorText={t.loadError}
            emptyText={t.empty}
          />
          {list.data && list.data.length > 0 && (
            <ResponsiveTable
              label="Categorías"
              headingLevel={2}
              rows={list.data}
              rowKey={(c) => c.id}
              columns={[
                { header: 'Nombre', title: true, cell: (c) => c.name },
                {
                  header: 'Acciones',
                  actions: true,
                  cell: (c) => (
                    <RowActions name={c.name} onEdit={() => setEditing(c)} onDelete={() => confirm.ask(c)} />
                  ),
                },
              ]}
            />
          )}
        </div>
      </SimpleGrid>
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar categoría"
        message={confirm.target ? t.confirmDelete(confirm.target.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
    </Stack>
  );
}
