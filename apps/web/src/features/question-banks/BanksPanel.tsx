import type { QuestionBank } from '@evalua/contracts';
import { Grid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useBanks, useCreateBank, useDeleteBank, useUpdateBank } from './api/banks';
import { BankForm, type BankValues } from './BankForm';
import { BanksTable } from './BanksTable';
import { StarterBanks } from './StarterBanks';

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
  const { error, clear, run } = useActionError();

  const save = (values: BankValues): Promise<boolean> =>
    run(async () => {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...values });
      } else {
        const created = await create.mutateAsync(values);
        onSelect(created.id);
      }
      notify.success(editing ? t.updated : t.created);
      setEditing(null);
    }, t.saveError);

  const confirm = useConfirm<QuestionBank>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      if (editing?.id === target.id) setEditing(null);
      if (selectedId === target.id) onSelect(null);
      notify.success(t.deleted);
    }, t.deleteError),
  );

  return (
    <Stack gap="md">
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="lg">
            <BankForm
              editing={editing}
              saving={create.isPending || update.isPending}
              onSubmit={save}
              onCancel={() => setEditing(null)}
            />
            <StarterBanks run={run} onCreated={onSelect} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Bancos
            </Title>
            <ListState
              query={list}
              isEmpty={list.data?.length === 0}
              loadingLabel="Cargando bancos de preguntas"
              errorText={t.loadError}
              emptyText={t.empty}
            />
            {list.data && list.data.length > 0 && (
              <BanksTable
                banks={list.data}
                selectedId={selectedId}
                onSelect={(b) => onSelect(b.id)}
                onEdit={(b) => {
                  clear();
                  setEditing(b);
                }}
                onDelete={confirm.ask}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar banco de preguntas"
        message={confirm.target ? t.confirmDelete(confirm.target.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
    </Stack>
  );
}
