import type { QuestionBank } from '@evalua/contracts';
import { Alert, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useBanks, useCreateBank, useDeleteBank, useUpdateBank } from './api/banks';
import { BankForm, type BankValues } from './BankForm';
import { BanksTable } from './BanksTable';

const t = messages.questionBanks;

interface Props {
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

/** The banks: list, create, edit and delete (after confirming; the server refuses a bank in use). */
export function BanksPanel({ selectedId, onSelect }: Props) {
  const list = useBanks();
  const create = useCreateBank();
  const update = useUpdateBank();
  const remove = useDeleteBank();
  const [editing, setEditing] = useState<QuestionBank | null>(null);
  const [confirming, setConfirming] = useState<QuestionBank | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: BankValues): Promise<boolean> => {
    setError(null);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...values });
      } else {
        const created = await create.mutateAsync(values);
        onSelect(created.id);
      }
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
      if (selectedId === target.id) onSelect(null);
      notify.success(t.deleted);
    } catch (err) {
      setError(serverMessageOr(err, t.deleteError));
    }
  };

  return (
    <Stack gap="md">
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
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <BankForm
            editing={editing}
            saving={create.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Bancos
            </Title>
            {list.isPending && <Loader role="status" aria-label="Cargando bancos de preguntas" />}
            {list.isError && (
              <Alert color="red" role="alert">
                {t.loadError}
              </Alert>
            )}
            {list.data?.length === 0 && <Text>{t.empty}</Text>}
            {list.data && list.data.length > 0 && (
              <BanksTable
                banks={list.data}
                selectedId={selectedId}
                onSelect={(b) => onSelect(b.id)}
                onEdit={(b) => {
                  setError(null);
                  setEditing(b);
                }}
                onDelete={setConfirming}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={confirming !== null}
        title="Eliminar banco de preguntas"
        message={confirming ? t.confirmDelete(confirming.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
