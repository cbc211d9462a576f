import { RELATION_LABELS, type V2AnswerInput, type V2MyAssignment } from '@evalua/contracts';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { messages } from '../../i18n/messages';
import { AnswerForm } from './AnswerForm';
import { useV2Items } from './api/items';
import { useSubmitV2Answers } from './api/submit';
import { saveErrorText } from './save-error';

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
}

/** The form of one assignment (its questions are already loaded when it opens). */
export function EvaluationPanel({ assignment, onClose, onSaved }: Props) {
  const items = useV2Items(assignment.evaluation_id);
  const submit = useSubmitV2Answers();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      headingRef.current?.focus({ preventScroll: true });
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
      if (text) window.alert(text);
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="v2-form-title">
      <Title order={2} id="v2-form-title" ref={headingRef} tabIndex={-1} style={{ scrollMarginTop: 76 }}>
        {assignment.evaluation_name} — {assignment.evaluatee_name} ({RELATION_LABELS[assignment.relation]})
      </Title>
      <Text size="sm" c="dimmed">
        {WHO_SEES[assignment.relation]}
      </Text>
      {items.isPending && <Loader role="status" aria-label="Cargando preguntas" />}
      {items.data && items.data.length === 0 && (
        <>
          <Text>{t.noItems}</Text>
          <Button variant="default" onClick={onClose} w="fit-content">
            Cancelar
          </Button>
        </>
      )}
      {items.data && items.data.length > 0 && (
        <AnswerForm
          items={items.data}
          saving={submit.isPending}
          onSave={(answers) => void save(answers)}
          onCancel={onClose}
        />
      )}
    </Stack>
  );
}
