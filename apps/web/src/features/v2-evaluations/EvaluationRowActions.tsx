import { v2EvaluationAllows, type V2Evaluation } from '@evalua/contracts';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

export type RowAction = 'open' | 'close' | 'delete' | 'saveTemplate' | 'dueDate' | 'remind' | 'edit';

interface Props {
  evaluation: V2Evaluation;
  onAction: (action: RowAction, evaluation: V2Evaluation) => void;
  /** The evaluation whose reminder is being prepared or sent. */
  reminding?: boolean;
}

/**
 * One evaluation's actions, each named after it ("Ítems de …"): Editar while a draft (name, period
 * and weights), its items, its assignments (batch and per evaluatee), its results once open, the next status (Abrir for a draft, Cerrar when open),
 * saving it as a template, its due date until it closes, 'Enviar recordatorio' while it is open, and
 * Eliminar while it is a draft: what its state allows (contracts' V2_STATUS_ALLOWS, the server's rule).
 */
export function EvaluationRowActions({ evaluation: e, onAction, reminding = false }: Props) {
  const of = (label: string) => `${label} de ${e.name}`;
  const allows = v2EvaluationAllows(e.status);
  return (
    <Group gap="xs" wrap="wrap">
      {allows.edit && (
        <Button size="xs" variant="light" onClick={() => onAction('edit', e)} aria-label={`Editar ${e.name}`}>
          Editar
        </Button>
      )}
      <Button
        component={Link}
        to={`/evaluations-v2/${e.id}/items`}
        size="xs"
        variant="light"
        aria-label={of('Ítems')}
      >
        Ítems
      </Button>
      <Button
        component={Link}
        to={`/evaluations-v2/${e.id}/assignments`}
        size="xs"
        variant="light"
        aria-label={of('Asignaciones')}
      >
        Asignaciones
      </Button>
      <Button
        component={Link}
        to={`/v2/assignments/${e.id}`}
        size="xs"
        variant="light"
        aria-label={of('Evaluadores por persona')}
      >
        Evaluadores por persona
      </Button>
      {allows.results && (
        <Button
          component={Link}
          to={`/evaluations-v2/${e.id}/results`}
          size="xs"
          variant="light"
          aria-label={of('Resultados')}
        >
          Resultados
        </Button>
      )}
      {allows.open && (
        <Button size="xs" variant="light" onClick={() => onAction('open', e)} aria-label={`Abrir ${e.name}`}>
          Abrir
        </Button>
      )}
      {allows.close && (
        <Button
          size="xs"
          variant="light"
          color="grape"
          onClick={() => onAction('close', e)}
          aria-label={`Cerrar ${e.name}`}
        >
          Cerrar
        </Button>
      )}
      {allows.dueDate && (
        <Button
          size="xs"
          variant="default"
          onClick={() => onAction('dueDate', e)}
          aria-label={of('Fecha límite')}
        >
          Fecha límite
        </Button>
      )}
      {allows.remind && (
        <Button
          size="xs"
          variant="light"
          loading={reminding}
          onClick={() => onAction('remind', e)}
          aria-label={`Enviar recordatorio de ${e.name}`}
        >
          Enviar recordatorio
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        onClick={() => onAction('saveTemplate', e)}
        aria-label={`Guardar como plantilla ${e.name}`}
      >
        Guardar como plantilla
      </Button>
      {allows.delete && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onAction('delete', e)}
          aria-label={`Eliminar ${e.name}`}
        >
          Eliminar
        </Button>
      )}
    </Group>
  );
}
