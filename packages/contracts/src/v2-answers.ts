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
  // Drafts and declining (decision 034):
  assignmentInvalid: 'El identificador de la asignación no es válido.',
  assignmentMissing: 'La asignación no existe.',
  declined: 'Rechazaste esta solicitud de evaluación: ya no se puede responder.',
  draftTooLarge: 'El borrador es demasiado grande para guardarse.',
  reasonRequired: 'Indica el motivo por el que rechazas la solicitud.',
  reasonTooLong: 'El motivo admite como máximo 500 caracteres.',
  /** Issue 30 §8: one's own evaluation is not a request from someone else. */
  selfNotDeclinable: 'Una autoevaluación no se puede rechazar.',
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

/** A comment as both calls take it: trimmed, at most V2_TEXT_MAX characters, '' → null. */
const commentSchema = () =>
  z
    .string({ error: M.commentInvalid })
    .trim()
    .max(V2_TEXT_MAX, { error: M.commentTooLong })
    .check(textCheck('multi'))
    .nullish()
    .transform((v) => (v ? v : null));

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
    comment: commentSchema(),
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

/** Longest decline reason. */
export const V2_DECLINE_REASON_MAX = 500;
/** Largest stored draft (its answers as JSON, in characters). */
export const V2_DRAFT_MAX_CHARS = 200_000;

/**
 * One answer of a draft (decision 034): like a submitted one, but it may be unanswered (value
 * absent, null or an empty text). A value given must fit its question (checked by the server).
 */
export const v2DraftAnswerInputSchema = z.object(
  {
    item_id: requiredId(M.itemInvalid),
    value: z.unknown().check(textValueCheck('multi')).optional(),
    skip: z.boolean({ error: M.skipInvalid }).optional().default(false),
    comment: commentSchema(),
  },
  { error: M.answerInvalid },
);
export type V2DraftAnswerInput = z.infer<typeof v2DraftAnswerInputSchema>;

/** PUT /api/responses-v2/draft/{assignmentId}: the rater's unsent answers (any subset of the questions). */
export const v2DraftSaveSchema = z.object({
  answers: z
    .array(v2DraftAnswerInputSchema, { error: M.answersRequired })
    .max(500, { error: M.tooMany })
    .superRefine((answers, ctx) => {
      const seen = new Set<number>();
      answers.forEach((a, i) => {
        if (seen.has(a.item_id)) ctx.addIssue({ code: 'custom', message: M.duplicate, path: [i, 'item_id'] });
        seen.add(a.item_id);
      });
    }),
});
export type V2DraftSaveInput = z.input<typeof v2DraftSaveSchema>;

/** A stored draft answer: the value as the rater left it (null while unanswered). */
export const v2DraftAnswerSchema = z.object({
  item_id: z.number().int(),
  value: z.union([z.number(), z.boolean(), z.string()]).nullable(),
  skip: z.boolean(),
  comment: z.string().nullable(),
});
export type V2DraftAnswer = z.infer<typeof v2DraftAnswerSchema>;

/** The caller's draft of one assignment; no answers and updated_at null when there is none. */
export const v2DraftSchema = z.object({
  assignment_id: z.number().int(),
  answers: z.array(v2DraftAnswerSchema),
  updated_at: z.string().nullable(),
});
export type V2Draft = z.infer<typeof v2DraftSchema>;

export const v2AssignmentParamsSchema = z.object({ assignmentId: requiredId(M.assignmentInvalid) });

/** POST /api/responses-v2/decline: the rater turns a pending request down, saying why. */
export const v2DeclineSchema = z.object({
  assignment_id: requiredId(M.assignmentRequired),
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired })
    .max(V2_DECLINE_REASON_MAX, { error: M.reasonTooLong })
    .check(textCheck('multi')),
});
export type V2DeclineInput = z.input<typeof v2DeclineSchema>;

export const v2DeclineResultSchema = z.object({
  assignment_id: z.number().int(),
  status: z.literal('declined'),
  decline_reason: z.string(),
  declined_at: z.string(),
});
export type V2DeclineResult = z.infer<typeof v2DeclineResultSchema>;

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
  /** The caller's draft of one of their pending assignments in an open evaluation (decision 034). */
  draft: endpoint({
    method: 'GET',
    path: '/api/responses-v2/draft/:assignmentId',
    params: v2AssignmentParamsSchema,
    response: v2DraftSchema,
  }),
  /** Saves (replaces) that draft. */
  saveDraft: endpoint({
    method: 'PUT',
    path: '/api/responses-v2/draft/:assignmentId',
    params: v2AssignmentParamsSchema,
    body: v2DraftSaveSchema,
    response: v2DraftSchema,
  }),
  /** The caller declines one of their pending assignments, with a reason HR sees. */
  decline: endpoint({
    method: 'POST',
    path: '/api/responses-v2/decline',
    body: v2DeclineSchema,
    response: v2DeclineResultSchema,
  }),
};
