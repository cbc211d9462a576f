import { RELATION_LABELS, v2MayDecline, type V2AnswerInput, type V2MyAssignment } from '@evalua/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { failedWith } from '../../api/errors';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { formatTime } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { AnswerForm } from './AnswerForm';
import { draftFromSaved } from './answers';
import { useDeclineV2Assignment, useV2Draft } from './api/draft';
import { useV2Items } from './api/items';
import { useSubmitV2Answers } from './api/submit';
import { DeclineDialog } from './DeclineDialog';
import { saveErrorText } from './save-error';
import { v2AnswerMessages } from '../../i18n/v2-answers-messages';
import { notify } from '../../components/feedback/notify';

/** Who will see these answers, and how (decision 023): a rater knows before answering. */
const WHO_SEES: Record<V2MyAssignment['relation'], string> = {
  self: 'Es tu autoevaluación: se muestra como tuya, aparte de las demás respuestas.',
  manager:
    'Respondes como jefe: si eres su único jefe, tus respuestas se muestran como del jefe, no de forma anónima.',
  peer: 'Tus respuestas son anónimas: solo se muestran agrupadas con las de otras personas, y al cerrarse la evaluación.',
  report:
    'Tus respuestas son anónimas: solo se muestran agrupadas con las de otras personas, y al cerrarse la evaluación.',
};

const t = messages.evaluationFormV2;
/** SPEC §9: the form is scrolled into view 300 ms after it opens. */
const SCROLL_DELAY_MS = 300;

interface Props {
  assignment: V2MyAssignment;
  onClose: () => void;
  onSaved: () => void;
  /** The rater declined the request. */
  onDeclined: () => void;
}

/** The form of one assignment (its questions are already loaded when it opens). */
export function EvaluationPanel({ assignment, onClose, onSaved, onDeclined }: Props) {
  const items = useV2Items(assignment.evaluation_id);
  const draft = useV2Draft(assignment.assignment_id);
  const submit = useSubmitV2Answers();
  const decline = useDeclineV2Assignment();
  const [leaving, setLeaving] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [declineError, setDeclineError] = useState<string | null>(null);
  // The form opens once with the saved draft merged into the questions; later fetches change nothing.
  const initial = useMemo(
    () => (items.data && draft.data ? draftFromSaved(items.data, draft.data.answers) : null),
    [items.data, draft.data],
  );
  const [opened, setOpened] = useState<typeof initial>(null);
  if (initial && opened === null) setOpened(initial);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const heading = headingRef.current;
      // Someone already answering (focus inside the form) keeps their place: moving focus to the
      // heading would send what they type nowhere.
      if (!heading || heading.parentElement?.contains(document.activeElement)) return;
      heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
      heading.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const save = async (answers: V2AnswerInput[]) => {
    try {
      await submit.mutateAsync({
        evaluation_id: assignment.evaluation_id,
        assignment_id: assignment.assignment_id,
        answers,
      });
      onSaved();
    } catch (err) {
      const text = saveErrorText(err);
      if (text) notify.error(text);
    }
  };

  const sendDecline = async (reason: string) => {
    setDeclineError(null);
    try {
      await decline.mutateAsync({ assignment_id: assignment.assignment_id, reason });
      setDeclining(false);
      onDeclined();
    } catch (err) {
      if (failedWith(err, 401)) return;
      setDeclineError(
        err instanceof ApiError && err.status > 0 ? err.message : v2AnswerMessages.declineError,
      );
    }
  };

  const restoredAt = draft.data?.updated_at ? formatTime(draft.data.updated_at) : null;
  const draftFailed = draft.isError && !failedWith(draft.error, 401);

  return (
    <Stack gap="md" component="section" aria-labelledby="v2-form-title">
      <Title order={2} id="v2-form-title" ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
        {assignment.evaluation_name} — {assignment.evaluatee_name} ({RELATION_LABELS[assignment.relation]})
      </Title>
      <Text size="sm" c="dimmed">
        {WHO_SEES[assignment.relation]}
      </Text>
      {(items.isPending || draft.isPending) && <Loader role="status" aria-label="Cargando preguntas" />}
      {items.data && items.data.length === 0 && (
        <>
          <Text>{t.noItems}</Text>
          <Button variant="default" onClick={onClose} w="fit-content">
            Cancelar
          </Button>
        </>
      )}
      {draftFailed && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {draft.error instanceof ApiError && draft.error.status === 409
                ? draft.error.message
                : v2AnswerMessages.loadError}
            </Text>
            <Group gap="sm">
              <Button size="xs" variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button size="xs" onClick={() => void draft.refetch()}>
                {v2AnswerMessages.retry}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {items.data && items.data.length > 0 && opened && (
        <>
          <AnswerForm
            assignmentId={assignment.assignment_id}
            items={items.data}
            initial={opened}
            restoredAt={restoredAt}
            saving={submit.isPending}
            onSave={(answers) => void save(answers)}
            onCancel={(unsaved) => (unsaved ? setLeaving(true) : onClose())}
          />
          {/* A self-evaluation is nobody's request: it cannot be declined (issue 30 §8). */}
          {v2MayDecline(assignment.relation) && (
            <Group>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => setDeclining(true)}>
                {v2AnswerMessages.decline}
              </Button>
            </Group>
          )}
          <DeclineDialog
            assignment={assignment}
            opened={declining}
            sending={decline.isPending}
            error={declineError}
            onDecline={(reason) => void sendDecline(reason)}
            onCancel={() => {
              setDeclining(false);
              setDeclineError(null);
            }}
          />
          <ConfirmDialog
            opened={leaving}
            title={v2AnswerMessages.leaveTitle}
            message={v2AnswerMessages.leaveMessage}
            confirmLabel={v2AnswerMessages.leaveConfirm}
            onConfirm={() => {
              setLeaving(false);
              onClose();
            }}
            onCancel={() => setLeaving(false)}
          />
        </>
      )}
    </Stack>
  );
}
