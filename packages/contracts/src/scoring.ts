import type { QuestionType } from './enums';

/**
 * Pure scoring functions (DESIGN §5). The server computes and stores figures with them; the web may
 * use them to preview. Figures are never rounded here: rounding is for display only.
 */

/** The V1 rating scale. */
export const V1_SCORE_MIN = 1;
export const V1_SCORE_MAX = 4;
/** What each point of the V1 scale means (the printed report's legend; issue 30 §6). */
export const V1_SCORE_LABELS: Readonly<Record<number, string>> = {
  1: 'Insatisfactorio',
  2: 'Básico',
  3: 'Competente',
  4: 'Destacado',
};
/** 'Escala: 1 = Insatisfactorio · 2 = Básico · 3 = Competente · 4 = Destacado.' */
export function v1ScaleLegend(): string {
  const points = Array.from({ length: V1_SCORE_MAX - V1_SCORE_MIN + 1 }, (_, i) => V1_SCORE_MIN + i);
  return `Escala: ${points.map((p) => `${p} = ${V1_SCORE_LABELS[p]}`).join(' · ')}.`;
}

export interface V1Weights {
  weight_competencies: number;
  weight_objectives: number;
}

/** One scored question: a submission's answer, or a report's average over evaluators. */
export interface V1ScoredQuestion {
  question_type: QuestionType;
  score: number;
}

export interface V1Percentages {
  /** null when no competency question was scored. */
  competencies_percentage: number | null;
  /** null when no objective question was scored. */
  objectives_percentage: number | null;
  overall_percentage: number;
}

/** Section % = mean(scores) / 4 × 100; null for a section without questions. */
export function v1SectionPercentage(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  const sum = scores.reduce((acc, s) => acc + s, 0);
  return (sum / scores.length / V1_SCORE_MAX) * 100;
}

/**
 * Overall = competency % × weight_competencies/100 + objective % × weight_objectives/100; when one
 * section has no question, the other carries the whole weight.
 */
export function v1Overall(
  competencies: number | null,
  objectives: number | null,
  weights: V1Weights,
): number {
  if (competencies === null && objectives === null) {
    throw new RangeError('No se puede calcular un porcentaje sin preguntas.');
  }
  if (objectives === null) return competencies as number;
  if (competencies === null) return objectives;
  return (competencies * weights.weight_competencies + objectives * weights.weight_objectives) / 100;
}

/**
 * The three percentages of one submission (pass its answers), or of a report over several evaluators
 * (pass each question's average across their submissions).
 */
export function v1Percentages(questions: readonly V1ScoredQuestion[], weights: V1Weights): V1Percentages {
  const competencies = v1SectionPercentage(
    questions.filter((q) => q.question_type === 'competency').map((q) => q.score),
  );
  const objectives = v1SectionPercentage(
    questions.filter((q) => q.question_type === 'objective').map((q) => q.score),
  );
  return {
    competencies_percentage: competencies,
    objectives_percentage: objectives,
    overall_percentage: v1Overall(competencies, objectives, weights),
  };
}

/** Mean of a list of numbers (a question's scores across evaluators); null when empty. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((acc, v) => acc + v, 0) / values.length;
}
