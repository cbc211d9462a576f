import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

interface Props {
  submitLabel: string;
  saving: boolean;
  disabled?: boolean;
  /** Shows a "Cancelar" button that calls this. */
  onCancel?: () => void;
  /** Shows a "Cancelar" link back to this path. */
  cancelTo?: string;
}

/** A form's footer: the submit button and, when asked for, "Cancelar" (a button or a link back). */
export function FormActions({ submitLabel, saving, disabled, onCancel, cancelTo }: Props) {
  return (
    <Group>
      <Button type="submit" loading={saving} disabled={disabled}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
      )}
      {cancelTo !== undefined && (
        <Button component={Link} to={cancelTo} variant="default">
          Cancelar
        </Button>
      )}
    </Group>
  );
}
