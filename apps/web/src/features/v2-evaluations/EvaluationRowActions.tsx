import { v2EvaluationAllows, type V2Evaluation } from '@evalua/contracts';
import { Button, Group, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type RowAction = 'open' | 'close' | 'delete' | 'saveTemplate' | 'dueDate' | 'remind' | 'edit';

interface Props {
  evaluation: V2Evaluation;
  onAction: (action: RowAction, evaluation: V2Evaluation) => void;
  /** The evaluation whose reminder is being prepared or sent. */
  reminding?: boolean;
}

type Step = 'items' | 'assignments' | 'open' | 'results';

/**
 * The one step a 360 is waiting for (issue 30 §7): a draft needs its items, then its raters, then
 * opening; an open or closed one, its results (progress while open).
 */
export function nextStep(e: Pick<V2Evaluation, 'status' | 'item_count' | 'assignment_count'>): Step {
  if (!v2EvaluationAllows(e.status).open) return 'results';
  if (e.item_count === 0) return 'items';
  if (e.assignment_count === 0) return 'assignments';
  return 'open';
}

interface Entry {
  key: string;
  label: string;
  /** The accessible name ("Ítems de …"), the same as a button or a menu item. */
  name: string;
  to?: string;
  action?: RowAction;
  color?: string;
}

/**
 * One evaluation's actions (issue 30 §7): the next step as the one button, every other action in the
 * 'Más acciones' menu — each named after the evaluation ("Ítems de …"), and only what its state
 * allows (contracts' V2_STATUS_ALLOWS, the server's rule): Editar while a draft, its items, its
 * assignments (batch and per evaluatee), its results once open, Abrir or Cerrar, its due date until
 * it closes, 'Enviar recordatorio' while open, saving it as a template, Eliminar while a draft.
 */
export function EvaluationRowActions({ evaluation: e, onAction, reminding = false }: Props) {
  const of = (label: string) => `${label} de ${e.name}`;
  const allows = v2EvaluationAllows(e.status);
  const entries: Entry[] = [
    ...(allows.edit
      ? [{ key: 'edit', label: 'Editar', name: `Editar ${e.name}`, action: 'edit' as const }]
      : []),
    { key: 'items', label: 'Ítems', name: of('Ítems'), to: `/evaluations-v2/${e.id}/items` },
    {
      key: 'assignments',
      label: 'Asignaciones',
      name: of('Asignaciones'),
      to: `/evaluations-v2/${e.id}/assignments`,
    },
    {
      key: 'people',
      label: 'Evaluadores por persona',
      name: of('Evaluadores por persona'),
      to: `/v2/assignments/${e.id}`,
    },
    ...(allows.results
      ? [
          {
            key: 'results',
            label: 'Resultados',
            name: of('Resultados'),
            to: `/evaluations-v2/${e.id}/results`,
          },
        ]
      : []),
    ...(allows.open
      ? [{ key: 'open', label: 'Abrir', name: `Abrir ${e.name}`, action: 'open' as const }]
      : []),
    ...(allows.close
      ? [
          {
            key: 'close',
            label: 'Cerrar',
            name: `Cerrar ${e.name}`,
            action: 'close' as const,
            color: 'grape',
          },
        ]
      : []),
    ...(allows.dueDate
      ? [{ key: 'dueDate', label: 'Fecha límite', name: of('Fecha límite'), action: 'dueDate' as const }]
      : []),
    ...(allows.remind
      ? [
          {
            key: 'remind',
            label: 'Enviar recordatorio',
            name: `Enviar recordatorio de ${e.name}`,
            action: 'remind' as const,
          },
        ]
      : []),
    {
      key: 'saveTemplate',
      label: 'Guardar como plantilla',
      name: `Guardar como plantilla ${e.name}`,
      action: 'saveTemplate',
    },
    ...(allows.delete
      ? [
          {
            key: 'delete',
            label: 'Eliminar',
            name: `Eliminar ${e.name}`,
            action: 'delete' as const,
            color: 'red',
          },
        ]
      : []),
  ];
  const step = nextStep(e);
  const primary = entries.find((x) => x.key === step);
  const rest = entries.filter((x) => x !== primary);

  const asButton = (x: Entry): ReactNode =>
    x.to ? (
      <Button component={Link} to={x.to} size="xs" aria-label={x.name}>
        {x.label}
      </Button>
    ) : (
      <Button size="xs" onClick={() => x.action && onAction(x.action, e)} aria-label={x.name}>
        {x.label}
      </Button>
    );

  return (
    <Group gap="xs" wrap="nowrap">
      {primary && asButton(primary)}
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button size="xs" variant="default" loading={reminding} aria-label={`Más acciones de ${e.name}`}>
            Más acciones
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {rest.map((x) =>
            x.to ? (
              <Menu.Item key={x.key} component={Link} to={x.to} aria-label={x.name}>
                {x.label}
              </Menu.Item>
            ) : (
              <Menu.Item
                key={x.key}
                color={x.color}
                onClick={() => x.action && onAction(x.action, e)}
                aria-label={x.name}
              >
                {x.label}
              </Menu.Item>
            ),
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
