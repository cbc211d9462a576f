import type { Assignment } from '@evalua/contracts';
import { Badge, Button, Loader, Table } from '@mantine/core';

/** Per collaborator: evaluated, pending, or still being worked out. */
export type RowStatus = 'evaluated' | 'pending' | 'checking';

interface Props {
  assignments: Assignment[];
  statusOf: (assignment: Assignment) => RowStatus;
  onEvaluate: (assignment: Assignment) => void;
}

/** White on this green is 7:1 (Mantine's green 9 gives 4.4:1, under 4.5). */
const EVALUATED_GREEN = '#1e6b30';

/** The evaluator's collaborators: 'Evaluado' in green once done, otherwise an 'Evaluar' button. */
export function CollaboratorList({ assignments, statusOf, onEvaluate }: Props) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Colaborador</Table.Th>
            <Table.Th>Correo</Table.Th>
            <Table.Th>Puesto</Table.Th>
            <Table.Th>Departamento</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assignments.map((a) => {
            const status = statusOf(a);
            return (
              <Table.Tr key={a.id}>
                <Table.Td>{a.collaborator_name}</Table.Td>
                <Table.Td>{a.email ?? '—'}</Table.Td>
                <Table.Td>{a.position ?? '—'}</Table.Td>
                <Table.Td>{a.department ?? '—'}</Table.Td>
                <Table.Td>
                  {status === 'evaluated' && (
                    <Badge color={EVALUATED_GREEN} tt="none" size="lg">
                      Evaluado
                    </Badge>
                  )}
                  {status === 'checking' && (
                    <Loader size="xs" role="status" aria-label={`Comprobando a ${a.collaborator_name}`} />
                  )}
                  {status === 'pending' && (
                    <Button
                      size="xs"
                      onClick={() => onEvaluate(a)}
                      aria-label={`Evaluar a ${a.collaborator_name}`}
                    >
                      Evaluar
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
