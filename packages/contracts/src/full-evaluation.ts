import { z } from 'zod';
import { requiredId, requiredMultilineText } from './common';
import { endpoint } from './endpoint';
import { V1_SCORE_MAX, V1_SCORE_MIN } from './scoring';

/** Spanish sentences of POST /api/full-evaluation/full-submit (the schema's and the server's checks). */
export const FULL_SUBMIT_MESSAGES = {
  evaluationRequired: 'La evaluación es obligatoria.',
  collaboratorRequired: 'El colaborador es obligatorio.',
  evaluatorRequired: 'El evaluador es obligatorio.',
  responsesRequired: 'Las respuestas son obligatorias.',
  questionInvalid: 'La pregunta no es válida.',
  scoreRange: `Cada respuesta debe ser un número entero del ${V1_SCORE_MIN} al ${V1_SCORE_MAX}.`,
  duplicate: 'Cada pregunta debe responderse una sola vez.',
  trainingRequired: 'El formulario de capacitación es obligatorio.',
  requiresTrainingRequired: 'Indica si el colaborador requiere capacitación.',
  commentsRequired: 'Los comentarios de capacitación son obligatorios.',
  // Checked by the server against the database:
  evaluationMissing: 'La evaluación no existe.',
  collaboratorMissing: 'El colaborador no existe o no está activo.',
  evaluatorInvalid: 'El evaluador debe ser un usuario activo con rol evaluador.',
  notAssigned: 'El colaborador no está asignado a este evaluador.',
  wrongCategory: 'La evaluación no corresponde a la categoría del colaborador.',
  emptyBank: 'Este banco de preguntas no contiene preguntas.',
  extra: 'Una de las respuestas no corresponde a una pregunta de esta evaluación.',
  alreadyEvaluated: 'Este colaborador ya fue evaluado en esta evaluación.',
  notOpen: 'La evaluación no está abierta: ya no recibe respuestas.',
} as const;

/** "Debes responder todas las preguntas de la evaluación; faltan 3." */
export function missingAnswersMessage(missing: number): string {
  return `Debes responder todas las preguntas de la evaluación; ${missing === 1 ? 'falta 1' : `faltan ${missing}`}.`;
}

const M = FULL_SUBMIT_MESSAGES;

export const v1ResponseSchema = z.object({
  question_id: requiredId(M.questionInvalid),
  score: z
    .number({ error: M.scoreRange })
    .int({ error: M.scoreRange })
    .min(V1_SCORE_MIN, { error: M.scoreRange })
    .max(V1_SCORE_MAX, { error: M.scoreRange }),
});
export type V1Response = z.infer<typeof v1ResponseSchema>;

export const v1TrainingSchema = z.object(
  {
    requires_training: z.boolean({ error: M.requiresTrainingRequired }),
    /** Multi-line: line breaks kept, other control characters refused. */
    comments: requiredMultilineText(M.commentsRequired, 2000),
  },
  { error: M.trainingRequired },
);

/** POST /api/full-evaluation/full-submit: one evaluator's ratings and training form for one collaborator. */
export const fullSubmitSchema = z.object({
  evaluation_id: requiredId(M.evaluationRequired),
  /** The collaborator being evaluated. */
  user_id: requiredId(M.collaboratorRequired),
  evaluator_id: requiredId(M.evaluatorRequired),
  responses: z
    .array(v1ResponseSchema, { error: M.responsesRequired })
    .min(1, { error: M.responsesRequired })
    .max(500, { error: 'Demasiadas respuestas.' })
    .superRefine((responses, ctx) => {
      const seen = new Set<number>();
      responses.forEach((r, i) => {
        if (seen.has(r.question_id)) {
          ctx.addIssue({ code: 'custom', message: M.duplicate, path: [i, 'question_id'] });
        }
        seen.add(r.question_id);
      });
    }),
  training: v1TrainingSchema,
});
export type FullSubmitInput = z.input<typeof fullSubmitSchema>;

/** 201 answer of the submit: the stored, unrounded percentages (null for a section without questions). */
export const fullSubmitResultSchema = z.object({
  id: z.number().int(),
  evaluation_id: z.number().int(),
  collaborator_id: z.number().int(),
  evaluator_id: z.number().int(),
  competencies_percentage: z.number().nullable(),
  objectives_percentage: z.number().nullable(),
  overall_percentage: z.number(),
});
export type FullSubmitResult = z.infer<typeof fullSubmitResultSchema>;

export const fullEvaluationEndpoints = {
  /**
   * One evaluator's ratings and training form for one collaborator (admin may submit on an
   * evaluator's behalf). 409 ALREADY_ANSWERED when that evaluator already evaluated them.
   */
  submit: endpoint({
    method: 'POST',
    path: '/api/full-evaluation/full-submit',
    body: fullSubmitSchema,
    status: 201,
    response: fullSubmitResultSchema,
  }),
};
