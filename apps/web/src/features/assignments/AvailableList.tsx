import type { AvailableCollaborator, Evaluator } from '@evalua/contracts';
import { Alert, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { Pager } from '../../app/lists/Pager';
import { SearchInput } from '../../app/lists/SearchInput';
import { usePagedSearch } from '../../app/lists/usePagedSearch';
import { AVAILABLE_PAGE_SIZE, useAddAssignment, useAvailable } from './api/assignments';

const t = messages.assignments;
const dash = (v: string | null) => v || '—';

/** Active non-admin people not yet assigned to the evaluator: searched and paged (5) on the server. */
export function AvailableList({ evaluator }: { evaluator: Evaluator }) {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const list = useAvailable(evaluator.id, { q, page });
  const add = useAddAssignment();
  const [error, setError] = useState<string | null>(null);

  const assign = async (person: AvailableCollaborator) => {
    setError(null);
    try {
      await add.mutateAsync({ evaluator_id: evaluator.id, collaborator_id: person.id });
      if (list.data?.rows.length === 1 && page > 1) setPage(page - 1);
      notify.success(t.added(person.name));
    } catch (err) {
      setError(serverMessageOr(err, t.addError));
    }
  };

  const rows = list.data?.rows ?? [];
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Agregar colaboradores
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
        <SearchInput
          label="Buscar persona disponible"
          placeholder="Nombre"
          value={search}
          onChange={setSearch}
        />
        {list.isPending && <Loader role="status" aria-label="Cargando personas disponibles" />}
        {list.isError && (
          <Alert color="red" role="alert">
            {t.availableLoadError}
          </Alert>
        )}
        {list.data && rows.length === 0 && <Text>{q ? t.noResults(q) : t.availableEmpty}</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover aria-label="Personas disponibles">
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
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{dash(p.email)}</Table.Td>
                    <Table.Td>{dash(p.position)}</Table.Td>
                    <Table.Td>{dash(p.department)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void assign(p)}
                        loading={add.isPending && add.variables?.collaborator_id === p.id}
                        aria-label={`Asignar ${p.name}`}
                      >
                        Asignar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && (
          <Pager
            label="Páginas de personas disponibles"
            page={page}
            pageSize={AVAILABLE_PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
          />
        )}
      </Stack>
    </Paper>
  );
}
