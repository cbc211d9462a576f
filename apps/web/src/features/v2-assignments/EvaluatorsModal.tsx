import type { UserListRow } from '@evalua/contracts';
import { Loader, Modal } from '@mantine/core';
import { useEffect } from 'react';
import { messages } from '../../i18n/messages';
import { useEvaluatorIds } from './api/evaluatee';
import { EvaluatorsPicker } from './EvaluatorsPicker';
import { notify } from '../../components/feedback/notify';

const t = messages.v2Assignments;

interface Props {
  evaluationId: number;
  /** The person whose evaluators are edited; null keeps the modal closed. */
  evaluatee: UserListRow | null;
  allowSelf: boolean | undefined;
  onClose: () => void;
}

/** Loads the evaluatee's current evaluators (the initial selection), then shows the picker. */
function ModalBody({ evaluationId, evaluatee, allowSelf, onClose }: Props & { evaluatee: UserListRow }) {
  const current = useEvaluatorIds(evaluationId, evaluatee.id);
  const failed = current.isError;
  useEffect(() => {
    if (!failed) return;
    notify.error(t.currentError);
    onClose();
  }, [failed, onClose]);

  if (current.isPending) return <Loader role="status" aria-label="Cargando evaluadores actuales" size="sm" />;
  if (!current.data) return null;
  return (
    <EvaluatorsPicker
      evaluationId={evaluationId}
      evaluatee={evaluatee}
      allowSelf={allowSelf}
      initial={current.data.assignments}
      onClose={onClose}
    />
  );
}

/** 'Asignar evaluadores a {user}'. Its header is a plain div (one banner landmark per page). */
export function EvaluatorsModal(props: Props) {
  const { evaluatee, onClose } = props;
  return (
    <Modal.Root opened={evaluatee !== null} onClose={onClose} size="lg" centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{evaluatee ? `Asignar evaluadores a ${evaluatee.name}` : ''}</Modal.Title>
          <Modal.CloseButton aria-label="Cerrar" />
        </Modal.Header>
        <Modal.Body>{evaluatee && <ModalBody {...props} evaluatee={evaluatee} />}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
