import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type EditProps = { name: string } & (
  { onEdit: () => void; editTo?: never } | { editTo: string; onEdit?: never }
);

/** A row's "Editar" button named after the row ("Editar Ana"): a button, or a link to the edit screen. */
export function EditButton({ name, onEdit, editTo }: EditProps) {
  return editTo !== undefined ? (
    <Button component={Link} to={editTo} size="xs" variant="light" aria-label={`Editar ${name}`}>
      Editar
    </Button>
  ) : (
    <Button size="xs" variant="light" onClick={onEdit} aria-label={`Editar ${name}`}>
      Editar
    </Button>
  );
}

type Props = EditProps & {
  onDelete: () => void;
  wrap?: 'wrap' | 'nowrap';
  /** Buttons shown before Editar. */
  children?: ReactNode;
};

/** A row's "Editar" and "Eliminar" buttons, both named after the row ("Eliminar Ana"). */
export function RowActions({ onDelete, wrap = 'wrap', children, ...edit }: Props) {
  return (
    <Group gap="xs" wrap={wrap}>
      {children}
      <EditButton {...edit} />
      <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Eliminar ${edit.name}`}>
        Eliminar
      </Button>
    </Group>
  );
}
