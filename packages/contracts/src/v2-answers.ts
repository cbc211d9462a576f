import { z } from 'zod';
import { requiredId } from './common';
import { endpoint } from './endpoint';
import { textCheck, textValueCheck } from './text';
import { ITEM_TYPES, RELATIONS, V2_STATUSES } from './enums';
import { V2_ASSIGNMENT_STATUSES } from './v2-assignments';

/** Spanish sentences of the 360 answering calls (schema checks and the server's rules). */
export const V2_ANSWER_MESSAGES = {
  evaluationRequired: 'La evaluación es obligatoria.',
  assignmentRequired: 'La asignación es obligatoria.',
  answersRequired: 'Las respuestas son obligatorias.',
  tooMany: 'Demasiadas respuestas.',
  answerInvalid: 'Cada respuesta debe indicar su pregunta, su valor y si no aplica.',
  itemInvalid: 'La pregunta no es válida.',
  typeInvalid: 'El tipo de respuesta debe ser calificación, sí/no, estado (3 niveles) o texto.',
  skipInvalid: 'Indica si la pregunta no aplica (sí o no).',
  commentInvalid: 'El comentario debe ser un texto.',
  commentTooLong: 'El comentario admite como máximo 2000 caracteres.',
  duplicate: 'Cada pregunta debe responderse una sola vez.',
  // Checked by the server against the database:
  extra: 'Una de las respuestas no corresponde a una pregunta de esta evaluación.',
  wrongEvaluation: 'La asignación no pertenece a esta evaluación.',
  alreadyAnswered: 'Esta asignación ya fue respondida.',
  notOpen: 'La evaluación no está abierta.',
} as const;
const M = V2_ANSWER_MESSAGES;

/** Longest comment and longest written answer. */
export const V2_TEXT_MAX = 2000;

/** "Debes responder todas las preguntas de la evaluación; faltan 3." (as in V1) */
export function v2MissingAnswersMessage(missing: number): string {
  return `Debes responder todas las preguntas de la evaluación; ${missing === 1 ? 'falta 1' : `faltan ${missing}`}.`;
}

/** Sentences about the answer to the n-th question of the evaluation (1-based, in the form's order). */
export const v2AnswerMessages = {
  typeMismatch: (n: number) => `La respuesta a la pregunta ${n} no es del tipo de esa pregunta.`,
  rating: (n: number, min: number, max: number) =>
    `La pregunta ${n} debe calificarse con un número entero del ${min} al ${max}.`,
  yesNo: (n: number) => `La pregunta ${n} debe responderse con sí o no.`,
  status3: (n: number) => `La pregunta ${n} debe responderse con Logrado, En proceso o No logrado.`,
  text: (n: number) => `La pregunta ${n} necesita una respuesta escrita (o márcala como N/A).`,
  textTooLong: (n: number) => `La respuesta a la pregunta ${n} admite como máximo ${V2_TEXT_MAX} caracteres.`,
  naValue: (n: number) => `La pregunta ${n} está marcada como N/A: su valor debe ser "na".`,
} as const;

/** A row of GET /api/evaluations-v2/assignments/mine: what the caller has to evaluate. */
export const v2MyAssignmentSchema = z.object({
  assignment_id: z.number().int(),
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  period: z.string(),
  evaluation_status: z.enum(V2_STATUSES),
  evaluatee_id: z.number().int(),
  evaluatee_name: z.string(),
  relation: z.enum(RELATIONS),
  /** 'completed' means answered. */
  assignment_status: z.enum(V2_ASSIGNMENT_STATUSES),
  /** The evaluation's due date (YYYY-MM-DD) or null. */
  due_date: z.string().nullable(),
});
export type V2MyAssignment = z.infer<typeof v2MyAssignmentSchema>;
export const v2MyAssignmentListSchema = z.object({ rows: z.array(v2MyAssignmentSchema) });

/**
 * One answer of the submit. `value` is checked by the server against its item: rating an integer
 * within the item's scale, yes_no a boolean, status_3 logrado|proceso|no_logrado, text a non-empty
 * string; with skip true (N/A) the value is 'na'. `type`, when sent, must be the item's type.
 */
export const v2AnswerInputSchema = z.object(
  {
    item_id: requiredId(M.itemInvalid),
    type: z.enum(ITEM_TYPES, { error: M.typeInvalid }).optional(),
    /** A written answer is multi-line text: line breaks kept, other control characters refused. */
    value: z.unknown().check(textValueCheck('multi')).optional(),
    skip: z.boolean({ error: M.skipInvalid }).optional().default(false),
    comment: z
      .string({ error: M.commentInvalid })
      .trim()
      .max(V2_TEXT_MAX, { error: M.commentTooLong })
      .check(textCheck('multi'))
      .nullish()
      .transform((v) => (v ? v : null)),
  },
  { error: M.answerInvalid },
);
export type V2AnswerInput = z.infer<typeof v2AnswerInputSchema>;

/** POST /api/responses-v2/submit: the caller's answers for one of their assignments. */
export const v2SubmitSchema = z.object({
  evaluation_id: requiredId(M.evaluationRequired),
  assignment_id: requiredId(M.assignmentRequired),
  answers: z
    .array(v2AnswerInputSchema, { error: M.answersRequired })
    .min(1, { error: M.answersRequired })
    .max(500, { error: M.tooMany })
    .superRefine((answers, ctx) => {
      const seen = new Set<number>();
      answers.forEach((a, i) => {
        if (seen.has(a.item_id)) ctx.addIssue({ code: 'custom', message: M.duplicate, path: [i, 'item_id'] });
        seen.add(a.item_id);
      });
    }),
});
export type V2SubmitInput = z.input<typeof v2SubmitSchema>;

/** 201 answer of the submit. */
export const v2SubmitResultSchema = z.object({
  assignment_id: z.number().int(),
  status: z.literal('completed'),
});
export type V2SubmitResult = z.infer<typeof v2SubmitResultSchema>;

export const v2AnswerEndpoints = {
  /** The caller's assignments as evaluator, in evaluations raters can see (open or closed). */
  mine: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/assignments/mine',
    response: v2MyAssignmentListSchema,
  }),
  /** The caller answers one of their assignments while the evaluation is open. */
  submit: endpoint({
    method: 'POST',
    path: '/api/responses-v2/submit',
    body: v2SubmitSchema,
    status: 201,
    response: v2SubmitResultSchema,
  }),
};
