import { currentQuarter, v2EvaluationCreateSchema, v2EvaluationFromTemplateSchema } from '@evalua/contracts';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../api/errors';
import { dueDateValue } from '../../components/due-date';
import { messages } from '../../i18n/messages';
import type { CreateV2Call } from './api/evaluations';

/** What the create modal's inputs hold (NumberInput gives '' when emptied; Select a string id or null). */
export interface CreateFormValues {
  source: 'template' | 'blank';
  template_id: string | null;
  name: string;
  period: string;
  weight_competencies: number | string;
  weight_objectives: number | string;
  allow_self: boolean;
  save_as_template: boolean;
  /** 'Fecha límite': YYYY-MM-DD, or '' for none. */
  due_date: string;
}

export function createDefaults(): CreateFormValues {
  return {
    source: 'template',
    template_id: null,
    name: '',
    period: currentQuarter(),
    weight_competencies: 50,
    weight_objectives: 50,
    allow_self: false,
    save_as_template: false,
    due_date: '',
  };
}

export function weightNumber(v: number | string): number {
  return typeof v === 'number' ? v : Number(v) || 0;
}

/** The other weight after one changes: 100 minus it, clamped 0-100, at most two decimals. */
export function complement(v: number): number {
  return Math.min(100, Math.max(0, Math.round((100 - v) * 100) / 100));
}

/** The type of the error the weights' sum gets: the sum's sentence is shown once, below both weights. */
export const SUM_ERROR = 'weights-sum';

type Field = keyof CreateFormValues;

function fieldOf(path: PropertyKey[]): { field: Field; sum: boolean } | null {
  const [first, second] = path;
  if (first === 'weights') {
    if (second === 'weight_competencies' || second === 'weight_objectives')
      return { field: second, sum: false };
    return { field: 'weight_objectives', sum: true };
  }
  if (first === 'name' || first === 'period' || first === 'template_id' || first === 'due_date')
    return { field: first, sum: false };
  return null;
}

/** The form's errors from the contract's: one per field, the weights' sum once (also the edit form's). */
export function failed<Out = CreateV2Call>(error: z.ZodError): ResolverResult<CreateFormValues, Out> {
  const errors: FieldErrors<CreateFormValues> = {};
  for (const issue of error.issues) {
    const target = fieldOf(issue.path);
    if (!target || errors[target.field]) continue;
    errors[target.field] = { type: target.sum ? SUM_ERROR : issue.code, message: issue.message };
  }
  return { values: {}, errors };
}

/**
 * The contract's schemas decide, so the messages are the server's: the blank call's schema, or the
 * from-template one (template required). An emptied weight counts as missing, never as 0.
 */
export const createResolver: Resolver<CreateFormValues, unknown, CreateV2Call> = (values) => {
  const blankToMissing = (v: number | string) => (v === '' ? undefined : v);
  const due = dueDateValue(values.due_date);
  const common = {
    name: values.name,
    period: values.period,
    weights: {
      weight_competencies: blankToMissing(values.weight_competencies),
      weight_objectives: blankToMissing(values.weight_objectives),
    },
    allow_self: values.allow_self,
    // A new evaluation has no due date unless one is chosen: none is simply not sent.
    ...(due === null ? {} : { due_date: due }),
  };
  if (values.source === 'blank') {
    const parsed = v2EvaluationCreateSchema.safeParse({
      ...common,
      save_as_template: values.save_as_template,
    });
    return parsed.success
      ? { values: { kind: 'blank', body: parsed.data }, errors: {} }
      : failed(parsed.error);
  }
  const parsed = v2EvaluationFromTemplateSchema.safeParse({ ...common, template_id: values.template_id });
  return parsed.success
    ? { values: { kind: 'template', body: parsed.data }, errors: {} }
    : failed(parsed.error);
};

/** SPEC §8: a failed create shows the server's `error` field, else 'Error al crear evaluación'. */
export function createErrorMessage(err: unknown): string {
  return errorText(err, messages.evaluationsV2.createError, 'client');
}
