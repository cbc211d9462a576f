import type { Category, CategoryInput } from '@evalua/contracts';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { notify } from '../../app/notify';
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
  const [confirming, setConfirming] = useState<Category | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: CategoryInput): Promise<boolean> => {
    setError(null);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await create.mutateAsync(values);
      notify.success(editing ? t.updated : t.created);
      setEditing(null);
      return true;
    } catch (err) {
      setError(serverMessageOr(err, t.saveError));
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
      notify.success(t.deleted);
    } catch (err) {
      setError(serverMessageOr(err, t.deleteError));
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Categorías</Title>
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CategoryForm
          editing={editing}
          saving={create.isPending || update.isPending}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
        <div>
          {list.isPending && <Loader role="status" aria-label="Cargando categorías" />}
          {list.isError && (
            <Alert color="red" role="alert">
              {t.loadError}
            </Alert>
          )}
          {list.data && list.data.length === 0 && <Text>{t.empty}</Text>}
          {list.data && list.data.length > 0 && (
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(c)}
                          aria-label={`Editar ${c.name}`}
                        >
                          Editar
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setConfirming(c)}
                          aria-label={`Eliminar ${c.name}`}
                        >
                          Eliminar
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      </SimpleGrid>
      <ConfirmDialog
        opened={confirming !== null}
        title="Eliminar categoría"
        message={confirming ? t.confirmDelete(confirming.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
