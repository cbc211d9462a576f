import type { V2Evaluation } from '@evalua/contracts';
import { Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { FormActions } from '../../components/forms/FormActions';
import { DueDateInput } from '../../components/DueDateInput';
import { dueDateValue } from '../../components/due-date';
import { usePastDueConfirmation } from '../../components/usePastDueConfirmation';
import { FormModal } from './FormModal';

interface Props {
  /** The evaluation whose due date is changed; null when closed. */
  evaluation: V2Evaluation | null;
  saving: boolean;
  /** The server's sentence or the screen's message. */
  error: string | null;
  onSubmit: (dueDate: string | null) => void;
  onClose: () => void;
}

/** 'Fecha límite' of a 360 evaluation (any time before it closes): a day, or none when emptied. */
export function DueDateModal({ evaluation, onClose, ...rest }: Props) {
  // The body mounts on each opening, so the field starts from that evaluation's date.
  return (
    <FormModal opened={evaluation !== null} title="Fecha límite" onClose={onClose}>
      {evaluation && <DueDateForm evaluation={evaluation} onClose={onClose} {...rest} />}
    </FormModal>
  );
}

function DueDateForm({ evaluation, saving, error, onSubmit, onClose }: Props & { evaluation: V2Evaluation }) {
  const [value, setValue] = useState(evaluation.due_date ?? '');
  const past = usePastDueConfirmation(evaluation.due_date);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const due = dueDateValue(value);
    if (past.mayProceed(due)) onSubmit(due);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{`Evaluación «${evaluation.name}».`} Déjala vacía para quitar la fecha límite.</Text>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <DueDateInput data-autofocus value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        {past.warning}
        <FormActions submitLabel="Guardar" saving={saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}
