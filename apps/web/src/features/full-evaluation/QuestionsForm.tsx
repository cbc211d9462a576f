import { missingAnswersMessage, type Question } from '@evalua/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { QuestionGroup } from './QuestionGroup';
import { fieldOf, type Scores } from './RatingRow';

interface Props {
  questions: Question[];
  /** The answers given so far (when coming back from the training form). */
  initial: Scores;
  onContinue: (scores: Scores) => void;
  onCancel: () => void;
}

/** Every question rated 1-4, grouped by Competencias and Objetivos; 'Continuar' checks them all. */
export function QuestionsForm({ questions, initial, onContinue, onCancel }: Props) {
  const form = useForm<Scores>({
    defaultValues: Object.fromEntries(questions.map((q) => [fieldOf(q), initial[fieldOf(q)] ?? ''])),
  });
  const missing = Object.keys(form.formState.errors).length;
  const competencies = questions.filter((q) => q.question_type === 'competency');
  const objectives = questions.filter((q) => q.question_type === 'objective');

  return (
    <form onSubmit={form.handleSubmit(onContinue)} noValidate>
      <Stack gap="lg">
        <Text size="sm">
          Califica cada pregunta del 1 (más bajo) al 4 (más alto). Todas las preguntas son obligatorias.
        </Text>
        <QuestionGroup title="Competencias" questions={competencies} control={form.control} />
        <QuestionGroup title="Objetivos" questions={objectives} control={form.control} />
        {form.formState.isSubmitted && missing > 0 && (
          <Alert color="red" role="alert">
            {missingAnswersMessage(missing)}
          </Alert>
        )}
        <Group>
          <Button type="submit">Continuar</Button>
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
