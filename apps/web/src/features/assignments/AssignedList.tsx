import type { Assignment, Evaluator } from '@evalua/contracts';
import { Alert, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useAssigned, useRemoveAssignment } from './api/assignments';

const t = messages.assignments;
const dash = (v: string | null) => v || '—';

/** The evaluator's collaborators, each with a Quitar button (after confirmation). */
export function AssignedList({ evaluator }: { evaluator: Evaluator }) {
  const list = useAssigned(evaluator.id);
  const remove = useRemoveAssignment();
  const [confirming, setConfirming] = useState<Assignment | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!confirming) return;
    const target = confirming;
    setConfirming(null);
    setError(null);
    try {
      await remove.mutateAsync(target);
      notify.success(t.removed);
    } catch (err) {
      setError(serverMessageOr(err, t.removeError));
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Colaboradores de {evaluator.name}
          {list.data ? ` (${list.data.length})` : ''}
        </Title>
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
        {list.isPending && <Loader role="status" aria-label="Cargando colaboradores asignados" />}
        {list.isError && (
          <Alert color="red" role="alert">
            {t.loadError}
          </Alert>
        )}
        {list.data && list.data.length === 0 && <Text>{t.empty}</Text>}
        {list.data && list.data.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover aria-label={`Colaboradores asignados a ${evaluator.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Correo electrónico</Table.Th>
                  <Table.Th>Puesto</Table.Th>
                  <Table.Th>Departamento</Table.Th>
                  <Table.Th>Acción</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.collaborator_name}</Table.Td>
                    <Table.Td>{dash(a.email)}</Table.Td>
                    <Table.Td>{dash(a.position)}</Table.Td>
                    <Table.Td>{dash(a.department)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setConfirming(a)}
                        aria-label={`Quitar ${a.collaborator_name}`}
                      >
                        Quitar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title="Quitar asignación"
        message={confirming ? t.confirmRemove(confirming.collaborator_name, evaluator.name) : ''}
        confirmLabel="Quitar"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirming(null)}
      />
    </Paper>
  );
}
