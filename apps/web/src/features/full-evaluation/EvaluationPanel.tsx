import type { Assignment, Evaluation, Question } from '@evalua/contracts';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorText, failedWith } from '../../api/errors';
import { messages } from '../../i18n/messages';
import { useCollaboratorEvaluation } from './api/collaborator-evaluation';
import { useSubmitEvaluation } from './api/results';
import { QuestionsForm } from './QuestionsForm';
import { fieldOf, type Scores } from './RatingRow';
import { TrainingForm, type Training } from './TrainingForm';
import { notify } from '../../components/feedback/notify';

const t = messages.evaluationForm;
/** SPEC §9: the form is scrolled into view 300 ms after it loads. */
const SCROLL_DELAY_MS = 300;

interface Props {
  evaluatorId: number;
  collaborator: Assignment;
  onClose: () => void;
  onSubmitted: () => void;
}

/** The chosen collaborator: load their evaluation and questions, rate, then the training form. */
export function EvaluationPanel({ evaluatorId, collaborator, onClose, onSubmitted }: Props) {
  const load = useCollaboratorEvaluation(collaborator.collaborator_id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = load.status !== 'loading';

  useEffect(() => {
    if (!loaded) return;
    const timer = window.setTimeout(() => {
      headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      headingRef.current?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loaded]);

  return (
    <Stack gap="md" component="section" aria-labelledby="evaluation-panel-title">
      <Title
        order={2}
        id="evaluation-panel-title"
        ref={headingRef}
        tabIndex={-1}
        style={{ scrollMarginTop: 76 }}
      >
        Evaluación de {collaborator.collaborator_name}
      </Title>
      {load.status === 'loading' && <Loader role="status" aria-label="Cargando evaluación" />}
      {load.status === 'error' && (
        <>
          <Alert color="red" role="alert">
            {load.message}
          </Alert>
          <Button variant="default" onClick={onClose} w="fit-content">
            Cerrar
          </Button>
        </>
      )}
      {load.status === 'ready' && (
        <RatingSteps
          evaluatorId={evaluatorId}
          collaboratorId={collaborator.collaborator_id}
          evaluation={load.evaluation}
          questions={load.questions}
          onCancel={onClose}
          onSubmitted={onSubmitted}
        />
      )}
    </Stack>
  );
}

interface StepsProps {
  evaluatorId: number;
  collaboratorId: number;
  evaluation: Evaluation;
  questions: Question[];
  onCancel: () => void;
  onSubmitted: () => void;
}

/** Questions first; 'Continuar' shows the training form; sending posts both together. */
function RatingSteps({
  evaluatorId,
  collaboratorId,
  evaluation,
  questions,
  onCancel,
  onSubmitted,
}: StepsProps) {
  const submit = useSubmitEvaluation();
  const [step, setStep] = useState<'questions' | 'training'>('questions');
  const [answers, setAnswers] = useState<Scores>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const send = async (training: Training) => {
    setServerError(null);
    try {
      await submit.mutateAsync({
        evaluation_id: evaluation.id,
        user_id: collaboratorId,
        evaluator_id: evaluatorId,
        responses: questions.map((q) => ({ question_id: q.id, score: Number(answers[fieldOf(q)]) })),
        training,
      });
      onSubmitted();
    } catch (err) {
      if (failedWith(err, 401)) return; // the session handler already said so
      // A person needs to know why: the server's sentence stays on screen (400/409).
      if (failedWith(err, 400) || failedWith(err, 409)) setServerError(err.message);
      notify.error(errorText(err, t.submitError, []));
    }
  };

  return (
    <Stack gap="md">
      <Text>
        {evaluation.name} · Periodo {evaluation.period}
      </Text>
      {step === 'questions' ? (
        <QuestionsForm
          questions={questions}
          initial={answers}
          onContinue={(values) => {
            setAnswers(values);
            setStep('training');
          }}
          onCancel={onCancel}
        />
      ) : (
        <>
          <Text>
            Has calificado las {questions.length} preguntas. Completa el formulario de capacitación.
          </Text>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <TrainingForm
            sending={submit.isPending}
            onSubmit={send}
            onBack={() => {
              setServerError(null);
              setStep('questions');
            }}
          />
        </>
      )}
    </Stack>
  );
}
