import { V1_RELEASE_MESSAGES, type Assignment } from '@evalua/contracts';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../components/feedback/notify';
import { ReopenDialog } from '../../components/ReopenDialog';
import { useLinkedItem } from '../../components/useLinkedItem';
import { messages } from '../../i18n/messages';
import { useEvaluationIdOfEach } from './api/collaborator-evaluation';
import { useAssigned } from './api/people';
import { useEvaluated, useReopenSubmission } from './api/results';
import { CollaboratorList, type RowStatus } from './CollaboratorList';
import { EvaluationPanel } from './EvaluationPanel';
import { COLLABORATOR_PARAM, collaboratorLinkState } from './linked';

const t = messages.evaluationForm;
/** SPEC §9: success messages hide after 3 seconds. */
const SUCCESS_MS = 3000;

interface Props {
  evaluatorId: number;
  /** The evaluator's name when an admin acts for them; absent for the evaluator themself. */
  evaluatorName?: string;
  /**
   * Follow a reminder link (?collaborator=id): open that collaborator's form when they are one of
   * this evaluator's pending ones. Only for the evaluator themself (the link is theirs).
   */
  followLink?: boolean;
}

/** One evaluator's collaborators, and the evaluation of the one picked. */
export function EvaluatorWorkspace({ evaluatorId, evaluatorName, followLink = false }: Props) {
  const assigned = useAssigned(evaluatorId);
  const evaluated = useEvaluated(evaluatorId);
  const evaluationIds = useEvaluationIdOfEach(assigned.data ?? []);
  const [selected, setSelected] = useState<Assignment | null>(null);
  const [correcting, setCorrecting] = useState<Assignment | null>(null);
  const reopen = useReopenSubmission();
  const [succeeded, setSucceeded] = useState(0);
  const listTitleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (succeeded === 0) return;
    const timer = window.setTimeout(() => setSucceeded(0), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  /** The evaluator's result for `a` in the evaluation the form would use for that person. */
  const resultOf = (a: Assignment) => {
    const evaluationId = evaluationIds.get(a.collaborator_id);
    return evaluated.data?.find(
      (r) => r.collaborator_id === a.collaborator_id && r.evaluation_id === evaluationId,
    );
  };

  /** Evaluated = a result exists for the evaluation the form would use for that person. */
  const statusOf = (a: Assignment): RowStatus => {
    if (!evaluated.data && !evaluated.isError) return 'checking';
    if (evaluationIds.get(a.collaborator_id) === undefined) return 'checking';
    return resultOf(a) ? 'evaluated' : 'pending';
  };

  /** 'Corregir' (decision 050): reopens the result, which the list then shows pending ('Evaluar'). */
  const reopenResult = async (a: Assignment, reason: string) => {
    const result = resultOf(a);
    if (!result) return;
    await reopen.mutateAsync({
      evaluationId: result.evaluation_id,
      collaboratorId: a.collaborator_id,
      evaluatorId,
      reason,
    });
    notify.success(V1_RELEASE_MESSAGES.reopened);
  };

  const { link, drop: dropLink } = useLinkedItem({
    param: COLLABORATOR_PARAM,
    rows: assigned.data,
    idOf: (a) => a.collaborator_id,
    stateOf: (a) => collaboratorLinkState(statusOf(a)),
    enabled: followLink,
  });
  // The link is acted on once, when its row's state is known: its form opens as 'Evaluar' would
  // open it, or the list stays with a notice.
  const [linkSeen, setLinkSeen] = useState<string | null>(null);
  const [linkGone, setLinkGone] = useState(false);
  if ((link.kind === 'open' || link.kind === 'gone') && link.param !== linkSeen) {
    setLinkSeen(link.param);
    if (link.kind === 'open') {
      setSucceeded(0);
      setSelected(link.item);
    } else setLinkGone(true);
  }
  // Once dropped, the same link followed again is acted on again.
  if (link.kind === 'none' && linkSeen !== null) setLinkSeen(null);
  const linkKind = link.kind;
  useEffect(() => {
    if (linkKind === 'gone') dropLink();
  }, [linkKind, dropLink]);

  const open = (a: Assignment) => {
    setSucceeded(0);
    setLinkGone(false);
    setSelected(a);
    dropLink();
  };
  const close = () => {
    setSelected(null);
    dropLink();
  };

  const submitted = () => {
    setSelected(null);
    dropLink();
    setSucceeded((n) => n + 1);
    listTitleRef.current?.focus();
  };

  const rows = assigned.data ?? [];
  const allDone = rows.length > 0 && rows.every((a) => statusOf(a) === 'evaluated');

  return (
    <Stack gap="lg">
      {linkGone && (
        <Alert
          color="blue"
          role="status"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setLinkGone(false)}
        >
          {t.linkGone}
        </Alert>
      )}
      {succeeded > 0 && (
        <Alert color="green" role="status">
          {t.submitted}
        </Alert>
      )}
      <Title order={2} ref={listTitleRef} tabIndex={-1}>
        {evaluatorName ? `Colaboradores de ${evaluatorName}` : 'Tus colaboradores asignados'}
      </Title>
      {assigned.isPending && <Loader role="status" aria-label="Cargando colaboradores" />}
      {assigned.isError && (
        <Alert color="red" role="alert">
          {t.assignmentsError}
        </Alert>
      )}
      {evaluated.isError && (
        <Alert color="red" role="alert">
          {t.evaluatedError}
        </Alert>
      )}
      {assigned.data && rows.length === 0 && (
        <Text>{evaluatorName ? t.noAssignmentsFor : t.noAssignments}</Text>
      )}
      {rows.length > 0 && (
        <CollaboratorList
          assignments={rows}
          statusOf={statusOf}
          onEvaluate={open}
          canCorrect={(a) => resultOf(a)?.can_correct === true}
          onCorrect={setCorrecting}
        />
      )}
      {allDone && !evaluatorName && <Text>{t.allEvaluated}</Text>}
      {selected && (
        <EvaluationPanel
          key={selected.id}
          evaluatorId={evaluatorId}
          collaborator={selected}
          onClose={close}
          onSubmitted={submitted}
        />
      )}
      <ReopenDialog
        opened={correcting !== null}
        title="Corregir la evaluación"
        intro={correcting ? messages.v1Release.reopenOwn(correcting.collaborator_name) : ''}
        onReopen={(reason) => (correcting ? reopenResult(correcting, reason) : Promise.resolve())}
        onClose={() => setCorrecting(null)}
      />
    </Stack>
  );
}
