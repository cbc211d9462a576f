import type { Evaluator } from '@evalua/contracts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { PagedList } from '../../components/lists/PagedList';
import { RowActions } from '../../components/lists/RowActions';
import { EmailText } from '../../components/lists/EmailText';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { notify } from '../../components/feedback/notify';
import { useScreenTitle } from '../../components/screen-title';
import { STAFF_PAGE_SIZE } from '../../api/queries/staff';
import { AccessLinkButton } from '../../components/AccessLinkButton';
import { messages } from '../../i18n/messages';
import { EvaluatorForm, type EvaluatorValues } from './EvaluatorForm';
import {
  useCreateEvaluator,
  useDeleteEvaluator,
  useEvaluatorsPage,
  useUpdateEvaluator,
} from './api/evaluators';

const t = messages.staff;

export default function EvaluatorsPage() {
  const title = useScreenTitle();
  const paging = usePagedSearch();
  const { q, page, setPage } = paging;
  const list = useEvaluatorsPage({ q, page });
  const create = useCreateEvaluator();
  const update = useUpdateEvaluator();
  const remove = useDeleteEvaluator();
  const [editing, setEditing] = useState<Evaluator | null>(null);
  const { error, clear, run } = useActionError();

  const save = ({ name, email, password }: EvaluatorValues): Promise<boolean> =>
    run(async () => {
      if (editing) await update.mutateAsync({ id: editing.id, name, email, password });
      // The form asks for the password when creating; a missing one gets the server's sentence.
      else await create.mutateAsync({ name, email, password: password ?? '' });
      notify.success(editing ? t.evaluatorUpdated : t.evaluatorCreated);
      setEditing(null);
    }, t.evaluatorSaveError);

  const confirm = useConfirm<Evaluator>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      if (editing?.id === target.id) setEditing(null);
      if (list.data?.rows.length === 1 && page > 1) setPage(page - 1);
      notify.success(t.evaluatorDeleted);
    }, t.evaluatorDeleteError),
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
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
          <PagedList
            list={list}
            paging={paging}
            pageSize={STAFF_PAGE_SIZE}
            searchLabel="Buscar evaluador"
            searchPlaceholder="Nombre o correo"
            loadingLabel="Cargando evaluadores"
            errorText={t.evaluatorsLoadError}
            emptyText={q ? t.noResults(q) : t.evaluatorsEmpty}
            pagerLabel="Páginas de evaluadores"
          >
            {(rows) => (
              <ResponsiveTable
                label="Evaluadores"
                rows={rows}
                rowKey={(e) => e.id}
                columns={[
                  { header: 'ID', cell: (e) => e.id },
                  { header: 'Nombre', title: true, cell: (e) => e.name },
                  { header: 'Correo electrónico', cell: (e) => <EmailText email={e.email} /> },
                  {
                    header: 'Acciones',
                    actions: true,
                    nowrap: false,
                    cell: (e) => (
                      <RowActions name={e.name} onEdit={() => setEditing(e)} onDelete={() => confirm.ask(e)}>
                        <AccessLinkButton user={e} />
                      </RowActions>
                    ),
                  },
                ]}
              />
            )}
          </PagedList>
        </Stack>
      </SimpleGrid>
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar evaluador"
        message={confirm.target ? t.confirmDeleteEvaluator(confirm.target.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
    </Stack>
  );
}
