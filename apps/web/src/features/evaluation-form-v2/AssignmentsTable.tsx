import { RELATION_LABELS, type V2MyAssignment } from '@evalua/contracts';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { messages } from '../../i18n/messages';

const t = messages.evaluationFormV2;
/** White on this green is 7:1 (as on the V1 form). */
const EVALUATED_GREEN = '#1e6b30';

interface Props {
  rows: V2MyAssignment[];
  /** The id of the table's heading ('Tus asignaciones'), which names it. */
  labelledBy: string;
  /** The assignment whose questions are being fetched. */
  opening: number | null;
  onEvaluate: (row: V2MyAssignment) => void;
}

function ActionCell({
  row,
  opening,
  onEvaluate,
}: Omit<Props, 'rows' | 'labelledBy'> & { row: V2MyAssignment }) {
  if (row.assignment_status === 'completed') {
    return (
      <Badge color={EVALUATED_GREEN} tt="none" size="lg">
        Evaluado
      </Badge>
    );
  }
  const closed = row.evaluation_status === 'closed';
  const noteId = `v2-closed-${row.assignment_id}`;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        disabled={closed || opening !== null}
        loading={opening === row.assignment_id}
        onClick={() => onEvaluate(row)}
        aria-label={`Evaluar a ${row.evaluatee_name} en ${row.evaluation_name}`}
        aria-describedby={closed ? noteId : undefined}
      >
        Evaluar
      </Button>
      {closed && (
        <Text size="xs" id={noteId}>
          {t.closed}
        </Text>
      )}
    </Stack>
  );
}

/** 'Tus asignaciones': who to evaluate, in which evaluation, and whether it is done. */
export function AssignmentsTable({ rows, labelledBy, opening, onEvaluate }: Props) {
  return (
    <ScrollTable label="Tus asignaciones" minWidth={640}>
      <Table striped highlightOnHover aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Colaborador</Table.Th>
            <Table.Th>Evaluación</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Acción</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.assignment_id}>
              <Table.Td>
                {row.evaluatee_name}{' '}
                <Text span size="sm">
                  ({RELATION_LABELS[row.relation]})
                </Text>
              </Table.Td>
              <Table.Td>
                {row.evaluation_name}{' '}
                <Text span size="sm">
                  · {row.period}
                </Text>
              </Table.Td>
              <Table.Td>{row.assignment_status === 'completed' ? 'Completada' : 'Pendiente'}</Table.Td>
              <Table.Td>
                <ActionCell row={row} opening={opening} onEvaluate={onEvaluate} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
