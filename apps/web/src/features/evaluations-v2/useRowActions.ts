import type { V2Evaluation, V2Status } from '@evalua/contracts';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { useActionError } from '../../app/feedback/useActionError';
import { useConfirm } from '../../app/feedback/useConfirm';
import { notify } from '../../app/notify';
import { messages } from '../../i18n/messages';
import { useDeleteEvaluationV2, useSetEvaluationV2Status } from './api/evaluations';
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

  const onAction = (action: RowAction, evaluation: V2Evaluation) => {
    clear();
    if (action === 'open') status.ask({ evaluation, status: 'open' });
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
    template: {
      of: templateOf,
      error: templateError,
      saving: saveTemplate.isPending,
      save: saveAsTemplate,
      close: closeTemplate,
    },
  };
}
