import type { Question } from '@evalua/contracts';
import { Paper, Stack, Title } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { RatingRow, type Scores } from './RatingRow';

interface Props {
  title: string;
  questions: Question[];
  control: Control<Scores>;
}

/** One section of the bank (Competencias or Objetivos) with its questions. */
export function QuestionGroup({ title, questions, control }: Props) {
  if (questions.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="lg">
        <Title order={3}>{title}</Title>
        {questions.map((q) => (
          <RatingRow key={q.id} question={q} control={control} />
        ))}
      </Stack>
    </Paper>
  );
}
