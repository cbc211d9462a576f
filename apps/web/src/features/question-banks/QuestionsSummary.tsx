import type { Question } from '@evalua/contracts';
import { Text } from '@mantine/core';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "5 preguntas: 3 de competencia y 2 de objetivo" — what the weights of an evaluation apply to. */
export function QuestionsSummary({ questions }: { questions: Question[] }) {
  const competencies = questions.filter((q) => q.question_type === 'competency').length;
  const objectives = questions.length - competencies;
  return (
    <Text size="sm">
      {plural(questions.length, 'pregunta', 'preguntas')}: {competencies} de competencia y {objectives} de
      objetivo
    </Text>
  );
}
