import type { V2Evaluation, V2Status } from '@evalua/contracts';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { notify } from '../../components/feedback/notify';
import { useReminderFlow } from '../../components/useReminderFlow';
import { messages } from '../../i18n/messages';
import {
  useDeleteEvaluationV2,
  useSetEvaluationV2DueDate,
  useSetEvaluationV2Status,
  useUpdateEvaluationV2,
} from './api/evaluations';
import type { EditV2Body } from './edit-form';
import { useV2Reminders } from './api/reminders';
import { useCreateTemplate } from './api/templates';
import type { RowAction } from './EvaluationRowActions';

const t = messages.evaluationsV2;

interface StatusChange {
  evaluation: V2Evaluation;
  status: Extract<V2Status, 'open' | 'closed'>;
}

/**
 * What the row buttons do: Abrir/Cerrar and Eliminar after a confirmation, "Guardar como plantilla"
 * through a name modal. Failures show the server's sentence (400/409) or the screen's message.
 */
export function useRowActions() {
  const setStatus = useSetEvaluationV2Status();
  const remove = useDeleteEvaluationV2();
  const saveTemplate = useCreateTemplate();
  const { error, clear, run } = useActionError();
  const [templateOf, setTemplateOf] = useState<V2Evaluation | null>(null);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const setDueDate = useSetEvaluationV2DueDate();
  const [dueDateOf, setDueDateOf] = useState<V2Evaluation | null>(null);
  const [dueDateError, setDueDateError] = useState<string | null>(null);
  const reminders = useReminderFlow(useV2Reminders(), run);
  const update = useUpdateEvaluationV2();
  const [editOf, setEditOf] = useState<V2Evaluation | null>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const status = useConfirm<StatusChange>(({ evaluation, status: next }) =>
    run(async () => {
      await setStatus.mutateAsync({ id: evaluation.id, status: next });
      notify.success(next === 'open' ? t.opened : t.closed);
    }, t.statusError),
  );
  const deletion = useConfirm<V2Evaluation>((evaluation) =>
    run(async () => {
      await remove.mutateAsync(evaluation.id);
      notify.success(t.deleted);
    }, t.deleteError),
  );

  const closeTemplate = () => {
    setTemplateOf(null);
    setTemplateError(null);
  };
  const saveAsTemplate = async (name: string) => {
    if (!templateOf) return;
    setTemplateError(null);
    try {
      await saveTemplate.mutateAsync({ evaluation_id: templateOf.id, name });
      notify.success(t.templateSaved);
      closeTemplate();
    } catch (err) {
      setTemplateError(errorText(err, t.templateSaveError));
    }
  };

  const closeDueDate = () => {
    setDueDateOf(null);
    setDueDateError(null);
  };
  const saveDueDate = async (dueDate: string | null) => {
    if (!dueDateOf) return;
    setDueDateError(null);
    try {
      await setDueDate.mutateAsync({ id: dueDateOf.id, dueDate });
      notify.success(messages.deadlines.dueDateSaved);
      closeDueDate();
    } catch (err) {
      setDueDateError(errorText(err, messages.deadlines.dueDateError));
    }
  };

  const closeEdit = () => {
    setEditOf(null);
    setEditError(null);
  };
  const saveEdit = async (body: EditV2Body) => {
    if (!editOf) return;
    setEditError(null);
    try {
      const saved = await update.mutateAsync({ id: editOf.id, body });
      notify.success(t.updated(saved.name));
      closeEdit();
    } catch (err) {
      setEditError(errorText(err, t.updateError));
    }
  };

  const onAction = (action: RowAction, evaluation: V2Evaluation) => {
    clear();
    if (action === 'edit') {
      setEditError(null);
      setEditOf(evaluation);
    } else if (action === 'remind') void reminders.start(evaluation.id);
    else if (action === 'dueDate') {
      setDueDateError(null);
      setDueDateOf(evaluation);
    } else if (action === 'open') status.ask({ evaluation, status: 'open' });
    else if (action === 'close') status.ask({ evaluation, status: 'closed' });
    else if (action === 'delete') deletion.ask(evaluation);
    else {
      setTemplateError(null);
      setTemplateOf(evaluation);
    }
  };

  return {
    onAction,
    error,
    clear,
    status,
    statusPending: setStatus.isPending,
    deletion,
    deletePending: remove.isPending,
    reminders,
    edit: {
      of: editOf,
      error: editError,
      saving: update.isPending,
      save: saveEdit,
      close: closeEdit,
    },
    dueDate: {
      of: dueDateOf,
      error: dueDateError,
      saving: setDueDate.isPending,
      save: saveDueDate,
      close: closeDueDate,
    },
    template: {
      of: templateOf,
      error: templateError,
      saving: saveTemplate.isPending,
      save: saveAsTemplate,
      close: closeTemplate,
    },
  };
}
