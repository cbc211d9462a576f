import { evaluationInputSchema, type Evaluation, type V1ReleaseMode } from '@evalua/contracts';
import type { FieldErrors, ResolverResult } from 'react-hook-form';
import { dueDateValue } from '../../components/due-date';
import type { z } from 'zod';

/** What the inputs hold: Mantine's NumberInput gives '' when emptied, Select gives a string id or null. */
export interface EvaluationFormValues {
  name: string;
  period: string;
  weight_competencies: number | string;
  weight_objectives: number | string;
  category_id: string | null;
  question_bank_id: string | null;
  /** 'Fecha límite': YYYY-MM-DD, or '' for none. */
  due_date: string;
  /** 'Publicación de resultados' (decision 050): always sent. */
  release_mode: V1ReleaseMode;
}

/** What the form gives: the contract's schema output (the body of create and update). */
export type EvaluationValues = z.output<typeof evaluationInputSchema>;

const FIELDS = [
  'name',
  'period',
  'weight_competencies',
  'weight_objectives',
  'category_id',
  'question_bank_id',
  'due_date',
  'release_mode',
] as const satisfies ReadonlyArray<keyof EvaluationFormValues>;

function isField(key: PropertyKey | undefined): key is keyof EvaluationFormValues {
  return FIELDS.some((f) => f === key);
}

/**
 * The form's resolver: the contract's schema decides (the server's own Spanish sentences; the sum
 * message lands on weight_objectives), the first message of each field shown. An emptied weight
 * counts as missing, not 0, so it gets the range message.
 */
export function resolveEvaluation(
  values: EvaluationFormValues,
): ResolverResult<EvaluationFormValues, EvaluationValues> {
  const blankToMissing = (v: number | string) => (v === '' ? undefined : v);
  const parsed = evaluationInputSchema.safeParse({
    ...values,
    weight_competencies: blankToMissing(values.weight_competencies),
    weight_objectives: blankToMissing(values.weight_objectives),
    // None is null: saving an edit without a date removes it.
    due_date: dueDateValue(values.due_date),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<EvaluationFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
}

/** The sum the form shows under the weights: an emptied or unreadable weight counts as 0. */
export function weightTotal(competencies: number | string, objectives: number | string): number {
  const toNumber = (v: number | string) => (typeof v === 'number' ? v : Number(v) || 0);
  return toNumber(competencies) + toNumber(objectives);
}

/**
 * A new evaluation's inputs: weights 50/50, the current year as its fixed period (SPEC §5), and its
 * results released by HR (decision 050: the web's default; SPEC.md's own client gets 'al_enviar').
 */
export function newEvaluationValues(now = new Date()): EvaluationFormValues {
  return {
    name: '',
    period: String(now.getFullYear()),
    weight_competencies: 50,
    weight_objectives: 50,
    category_id: null,
    question_bank_id: null,
    due_date: '',
    release_mode: 'al_publicar',
  };
}

/** An evaluation's inputs for editing. */
export function toFormValues(e: Evaluation): EvaluationFormValues {
  return {
    name: e.name,
    period: e.period,
    weight_competencies: e.weight_competencies,
    weight_objectives: e.weight_objectives,
    category_id: String(e.category_id),
    question_bank_id: e.question_bank_id === null ? null : String(e.question_bank_id),
    due_date: e.due_date ?? '',
    release_mode: e.release_mode,
  };
}

/** The id of the address (/evaluations/:id/edit), or null when it is not a positive integer. */
export function parseEvaluationId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}
