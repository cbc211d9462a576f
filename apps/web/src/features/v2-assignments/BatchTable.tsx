import type { V2BatchEntry } from '@evalua/contracts';
import { Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { PersonCell } from './CurrentAssignments';
import { useUserLookup } from './api/users';
import { relationLabel } from './format';

/** A batch cell: the id, with the name when the id names a user. */
function BatchPerson({ id }: { id: number }) {
  const user = useUserLookup(id);
  return <PersonCell id={id} name={user.data?.name} />;
}

/** 'Lote preparado': # / Evaluator / Evaluatee / Relación, or 'Vacío'. */
export function BatchTable({ batch }: { batch: readonly V2BatchEntry[] }) {
  return (
    <>
      <Title order={3} size="h5" id="lote-preparado">
        Lote preparado
      </Title>
      {batch.length === 0 ? (
        <Text>Vacío</Text>
      ) : (
        <ScrollTable label="Lote preparado" minWidth={360}>
          <Table striped aria-labelledby="lote-preparado">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Evaluator</Table.Th>
                <Table.Th>Evaluatee</Table.Th>
                <Table.Th>Relación</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batch.map((entry, i) => (
                <Table.Tr key={`${entry.evaluator_id}:${entry.evaluatee_id}`}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <BatchPerson id={entry.evaluator_id} />
                  </Table.Td>
                  <Table.Td>
                    <BatchPerson id={entry.evaluatee_id} />
                  </Table.Td>
                  <Table.Td>{relationLabel(entry.relation)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </>
  );
}
