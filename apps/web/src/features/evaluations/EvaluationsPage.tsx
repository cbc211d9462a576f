import type { Evaluation } from '@evalua/contracts';
import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { useActionError } from '../../app/feedback/useActionError';
import { useConfirm } from '../../app/feedback/useConfirm';
import { ListState } from '../../app/lists/ListState';
import { RowActions } from '../../app/lists/RowActions';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { notify } from '../../app/notify';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { useDeleteEvaluation, useEvaluations } from './api/evaluations';

const t = messages.evaluations;

function weight(value: number): string {
  return formatPercent(value, Number.isInteger(value) ? 0 : 2);
}

/**
 * 'Evaluaciones': every V1 evaluation (one or a few per category and year, so the list comes
 * whole: the server's GET /api/evaluations has no paged form), with create, edit and delete.
 */
export default function EvaluationsPage() {
  const list = useEvaluations();
  const remove = useDeleteEvaluation();
  const { error, clear, run } = useActionError();
  const confirm = useConfirm<Evaluation>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      notify.success(t.deleted);
    }, t.deleteError),
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Evaluaciones</Title>
        <Button component={Link} to="/create-evaluation">
          Crear Evaluación
        </Button>
      </Group>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <ListState
        query={list}
        isEmpty={list.data?.length === 0}
        loadingLabel="Cargando evaluaciones"
        errorText={t.loadError}
        emptyText={t.empty}
      />
      {list.data && list.data.length > 0 && (
        <ScrollTable label="Evaluaciones" minWidth={800}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Periodo</Table.Th>
                <Table.Th>Categoría</Table.Th>
                <Table.Th>Banco de preguntas</Table.Th>
                <Table.Th>Competencias</Table.Th>
                <Table.Th>Objetivos</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.name}</Table.Td>
                  <Table.Td>{e.period}</Table.Td>
                  <Table.Td>{e.category_name}</Table.Td>
                  <Table.Td>{e.question_bank_name ?? '—'}</Table.Td>
                  <Table.Td>{weight(e.weight_competencies)}</Table.Td>
                  <Table.Td>{weight(e.weight_objectives)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      name={e.name}
                      editTo={`/edit-evaluation/${e.id}`}
                      onDelete={() => confirm.ask(e)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar evaluación"
        message={confirm.target ? t.confirmDelete(confirm.target.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
    </Stack>
  );
}
