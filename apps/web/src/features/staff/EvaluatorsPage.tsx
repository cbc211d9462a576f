import type { Evaluator } from '@evalua/contracts';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { notify } from '../../app/notify';
import { useScreenTitle } from '../../app/screen-title';
import { messages } from '../../i18n/messages';
import {
  useCreateEvaluator,
  useDeleteEvaluator,
  useEvaluatorsPage,
  useUpdateEvaluator,
  type EvaluatorBody,
} from './api/evaluators';
import { STAFF_PAGE_SIZE } from './api/paging';
import { EvaluatorForm } from './EvaluatorForm';
import { Pager } from '../../app/lists/Pager';
import { SearchInput } from '../../app/lists/SearchInput';
import { usePagedSearch } from '../../app/lists/usePagedSearch';

const t = messages.staff;

export default function EvaluatorsPage() {
  const title = useScreenTitle();
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const list = useEvaluatorsPage({ q, page });
  const create = useCreateEvaluator();
  const update = useUpdateEvaluator();
  const remove = useDeleteEvaluator();
  const [editing, setEditing] = useState<Evaluator | null>(null);
  const [confirming, setConfirming] = useState<Evaluator | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: EvaluatorBody): Promise<boolean> => {
    setError(null);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await create.mutateAsync(values);
      notify.success(editing ? t.evaluatorUpdated : t.evaluatorCreated);
      setEditing(null);
      return true;
    } catch (err) {
      setError(serverMessageOr(err, t.evaluatorSaveError));
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
      notify.success(t.evaluatorDeleted);
    } catch (err) {
      setError(serverMessageOr(err, t.evaluatorDeleteError));
    }
  };

  const rows = list.data?.rows ?? [];
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
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <EvaluatorForm
          editing={editing}
          saving={create.isPending || update.isPending}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
        <Stack>
          <Title order={2} size="h4">
            Lista de evaluadores
          </Title>
          <SearchInput
            label="Buscar evaluador"
            placeholder="Nombre o correo"
            value={search}
            onChange={setSearch}
          />
          {list.isPending && <Loader role="status" aria-label="Cargando evaluadores" />}
          {list.isError && (
            <Alert color="red" role="alert">
              {t.evaluatorsLoadError}
            </Alert>
          )}
          {list.data && rows.length === 0 && <Text>{q ? t.noResults(q) : t.evaluatorsEmpty}</Text>}
          {rows.length > 0 && (
            <Table.ScrollContainer minWidth={480}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>ID</Table.Th>
                    <Table.Th>Nombre</Table.Th>
                    <Table.Th>Correo electrónico</Table.Th>
                    <Table.Th>Acciones</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{e.id}</Table.Td>
                      <Table.Td>{e.name}</Table.Td>
                      <Table.Td>{e.email ?? '—'}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setEditing(e)}
                            aria-label={`Editar ${e.name}`}
                          >
                            Editar
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => setConfirming(e)}
                            aria-label={`Eliminar ${e.name}`}
                          >
                            Eliminar
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {list.data && (
            <Pager
              label="Páginas de evaluadores"
              page={page}
              pageSize={STAFF_PAGE_SIZE}
              total={list.data.total}
              onChange={setPage}
            />
          )}
        </Stack>
      </SimpleGrid>
      <ConfirmDialog
        opened={confirming !== null}
        title="Eliminar evaluador"
        message={confirming ? t.confirmDeleteEvaluator(confirming.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
