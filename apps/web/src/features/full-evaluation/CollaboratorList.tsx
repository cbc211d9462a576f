import type { Assignment } from '@evalua/contracts';
import { Badge, Button, Group, Loader } from '@mantine/core';
import { EmailText } from '../../components/lists/EmailText';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { DueDate } from '../../components/DueDate';

/** Per collaborator: evaluated, pending, or still being worked out. */
export type RowStatus = 'evaluated' | 'pending' | 'checking';

interface Props {
  assignments: Assignment[];
  statusOf: (assignment: Assignment) => RowStatus;
  onEvaluate: (assignment: Assignment) => void;
  /** Whether an evaluated collaborator's result may still be corrected (not released, round open). */
  canCorrect: (assignment: Assignment) => boolean;
  onCorrect: (assignment: Assignment) => void;
}

/** White on this green is 7:1 (Mantine's green 9 gives 4.4:1, under 4.5). */
const EVALUATED_GREEN = '#1e6b30';

const blank = (value: string | null) => value || '—';

interface StatusProps {
  a: Assignment;
  status: RowStatus;
  correctable: boolean;
  onEvaluate: () => void;
  onCorrect: () => void;
}

/**
 * 'Evaluado' in green once done (with 'Corregir' while its result may still be corrected), a spinner
 * while it is being worked out, otherwise 'Evaluar'.
 */
function StatusCell({ a, status, correctable, onEvaluate, onCorrect }: StatusProps) {
  if (status === 'evaluated')
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge color={EVALUATED_GREEN} tt="none" size="lg" miw="max-content">
          Evaluado
        </Badge>
        {correctable && (
          <Button
            size="xs"
            variant="light"
            onClick={onCorrect}
            aria-label={`Corregir la evaluación de ${a.collaborator_name}`}
          >
            Corregir
          </Button>
        )}
      </Group>
    );
  if (status === 'checking')
    return <Loader size="xs" role="status" aria-label={`Comprobando a ${a.collaborator_name}`} />;
  return (
    <Button size="xs" onClick={onEvaluate} aria-label={`Evaluar a ${a.collaborator_name}`}>
      Evaluar
    </Button>
  );
}

/**
 * The evaluator's collaborators: a table where it fits, one card per collaborator on a phone, with
 * the status ('Evaluado', or the 'Evaluar' button) always on screen.
 */
export function CollaboratorList({ assignments, statusOf, onEvaluate, canCorrect, onCorrect }: Props) {
  return (
    <ResponsiveTable
      label="Colaboradores asignados"
      rows={assignments}
      rowKey={(a) => a.id}
      columns={[
        { header: 'Colaborador', title: true, cell: (a) => a.collaborator_name },
        { header: 'Correo', cell: (a) => <EmailText email={a.email} /> },
        { header: 'Puesto', cell: (a) => blank(a.position) },
        { header: 'Departamento', cell: (a) => blank(a.department) },
        {
          header: 'Fecha límite',
          cell: (a) => <DueDate due={a.due_date} pending={statusOf(a) !== 'evaluated'} />,
        },
        {
          header: 'Estado',
          actions: true,
          cell: (a) => (
            <StatusCell
              a={a}
              status={statusOf(a)}
              correctable={canCorrect(a)}
              onEvaluate={() => onEvaluate(a)}
              onCorrect={() => onCorrect(a)}
            />
          ),
        },
      ]}
    />
  );
}
