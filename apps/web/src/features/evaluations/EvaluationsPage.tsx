import type { Evaluation } from '@evalua/contracts';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../app/ConfirmDialog';
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
  const [confirming, setConfirming] = useState<Evaluation | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!confirming) return;
    const target = confirming;
    setConfirming(null);
    setError(null);
    try {
      await remove.mutateAsync(target.id);
      notify.success(t.deleted);
    } catch (err) {
      setError(serverMessageOr(err, t.deleteError));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Evaluaciones</Title>
        <Button component={Link} to="/create-evaluation">
          Crear Evaluación
        </Button>
      </Group>
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
      {list.isPending && <Loader role="status" aria-label="Cargando evaluaciones" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {t.loadError}
        </Alert>
      )}
      {list.data && list.data.length === 0 && <Text>{t.empty}</Text>}
      {list.data && list.data.length > 0 && (
        <Table.ScrollContainer minWidth={800}>
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
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component={Link}
                        to={`/edit-evaluation/${e.id}`}
                        size="xs"
                        variant="light"
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
      <ConfirmDialog
        opened={confirming !== null}
        title="Eliminar evaluación"
        message={confirming ? t.confirmDelete(confirming.name) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
