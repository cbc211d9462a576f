import type { Assignment } from '@evalua/contracts';
import { Badge, Button, Loader, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ScrollTable } from '../../app/lists/ScrollTable';

/** Per collaborator: evaluated, pending, or still being worked out. */
export type RowStatus = 'evaluated' | 'pending' | 'checking';

interface Props {
  assignments: Assignment[];
  statusOf: (assignment: Assignment) => RowStatus;
  onEvaluate: (assignment: Assignment) => void;
}

/** White on this green is 7:1 (Mantine's green 9 gives 4.4:1, under 4.5). */
const EVALUATED_GREEN = '#1e6b30';

const blank = (value: string | null) => value || '—';

/**
 * The evaluator's collaborators: 'Evaluado' in green once done, otherwise an 'Evaluar' button.
 * Below the sm breakpoint (a phone) the table keeps two columns, Colaborador and Estado: e-mail,
 * position and department go under the name, so the button is on screen without scrolling sideways.
 */
export function CollaboratorList({ assignments, statusOf, onEvaluate }: Props) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`);
  return (
    <ScrollTable label="Colaboradores asignados" minWidth={wide ? 640 : 0}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Colaborador</Table.Th>
            <Table.Th visibleFrom="sm">Correo</Table.Th>
            <Table.Th visibleFrom="sm">Puesto</Table.Th>
            <Table.Th visibleFrom="sm">Departamento</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assignments.map((a) => {
            const status = statusOf(a);
            return (
              <Table.Tr key={a.id}>
                <Table.Td>
                  {a.collaborator_name}
                  <Text hiddenFrom="sm" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {blank(a.email)}
                    <br />
                    {`${blank(a.position)} · ${blank(a.department)}`}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{blank(a.email)}</Table.Td>
                <Table.Td visibleFrom="sm">{blank(a.position)}</Table.Td>
                <Table.Td visibleFrom="sm">{blank(a.department)}</Table.Td>
                <Table.Td>
                  {status === 'evaluated' && (
                    <Badge color={EVALUATED_GREEN} tt="none" size="lg" miw="max-content">
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
    </ScrollTable>
  );
}
