import { RELATION_LABELS, V2_ASSIGNMENT_STATUS_LABELS, type V2MyAssignment } from '@evalua/contracts';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { DueDate } from '../../components/DueDate';
import { messages } from '../../i18n/messages';
import { canEvaluate } from './linked';

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
  if (row.assignment_status === 'declined') {
    return (
      <Badge color="gray.8" tt="none" size="lg">
        Rechazada
      </Badge>
    );
  }
  const closed = !canEvaluate(row);
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
    <ResponsiveTable
      labelledBy={labelledBy}
      rows={rows}
      rowKey={(row) => row.assignment_id}
      columns={[
        {
          header: 'Colaborador',
          title: true,
          cell: (row) => (
            <>
              {row.evaluatee_name}{' '}
              <Text span size="sm">
                ({RELATION_LABELS[row.relation]})
              </Text>
            </>
          ),
        },
        {
          header: 'Evaluación',
          cell: (row) => (
            <>
              {row.evaluation_name}{' '}
              <Text span size="sm">
                · {row.period}
              </Text>
            </>
          ),
        },
        {
          header: 'Estado',
          cell: (row) => V2_ASSIGNMENT_STATUS_LABELS[row.assignment_status],
        },
        {
          header: 'Fecha límite',
          cell: (row) => <DueDate due={row.due_date} pending={canEvaluate(row)} />,
        },
        {
          header: 'Acción',
          actions: true,
          cell: (row) => <ActionCell row={row} opening={opening} onEvaluate={onEvaluate} />,
        },
      ]}
    />
  );
}
