import { z } from 'zod';
import { idParamsSchema, requiredId } from './common';
import { endpoint } from './endpoint';
import { V1_RELEASE_MODES, type V1EvaluationStatus, type V1ReleaseMode } from './enums';
import { evaluationSchema } from './evaluations';
import { textCheck } from './text';

/**
 * Releasing classic (V1) results and correcting a submission before release (issue 30 §1, decision
 * 050). In a round released 'al_publicar', the person evaluated reads nothing until HR releases the
 * round, or releases it to them; until then an evaluator (or HR) may reopen a submission to correct it,
 * with a reason. A result that was released never changes.
 */
export const V1_RELEASE_MESSAGES = {
  /** What the person reads until HR releases their results (as in the 360: decision 038). */
  notAvailable: 'Tus resultados aún no están disponibles.',
  evaluationMissing: 'La evaluación no existe.',
  modeInvalid: 'Indica cuándo lee cada persona sus resultados.',
  personInvalid: 'La persona indicada no es válida.',
  personHasNoResults: 'Esa persona no tiene resultados en esta evaluación.',
  nothingToRelease: 'Esta evaluación publica cada resultado al enviarse: no hay nada que publicar.',
  draftNotReleased: 'Abre la evaluación antes de publicar sus resultados.',
  reasonRequired: 'Escribe el motivo de la corrección.',
  submissionMissing: 'Ese evaluador no ha enviado la evaluación de esta persona.',
  alreadyReleased:
    'Los resultados de esta persona ya se publicaron: una evaluación publicada no se puede corregir.',
  notOpen: 'La evaluación no está abierta: solo se puede corregir una evaluación mientras está abierta.',
  cannotResubmit:
    'Esta evaluación no se puede corregir: su evaluador ya no tiene asignada a esta persona, o alguno de los dos ya no está activo, y no podría enviarla de nuevo.',
  released: 'Resultados publicados.',
  releasedToPerson: 'Resultados publicados para esta persona.',
  reopened: 'La evaluación quedó abierta para corregirla. Envíala de nuevo cuando esté lista.',
} as const;
const M = V1_RELEASE_MESSAGES;

export const v1ReleaseModeSchema = z.enum(V1_RELEASE_MODES, { error: M.modeInvalid });

/**
 * Whether a person reads their results of an evaluation: at once in a round released on submit, else
 * once HR released the round or released it to them.
 */
export function v1ResultsReleased(
  evaluation: { release_mode: V1ReleaseMode; released_at: string | null },
  releasedToPerson: boolean,
): boolean {
  return evaluation.release_mode === 'al_enviar' || evaluation.released_at !== null || releasedToPerson;
}

/** Whether a submission can be reopened to correct it: its round open, its result not released. */
export function v1CanCorrect(status: V1EvaluationStatus, released: boolean): boolean {
  return status === 'abierta' && !released;
}

/** POST /api/evaluations/{id}/release: the whole round, or one person (`collaborator_id`). */
export const v1ReleaseInputSchema = z.object({
  collaborator_id: requiredId(M.personInvalid).optional(),
});

export const v1ReleaseResultSchema = z.object({
  evaluation: evaluationSchema,
  /** How many people were told by e-mail that their report is ready. */
  notified: z.number().int(),
});
export type V1ReleaseResult = z.infer<typeof v1ReleaseResultSchema>;

/** POST /api/evaluations/{id}/reopen: one evaluator's submission for one person, with a reason. */
export const v1ReopenInputSchema = z.object({
  collaborator_id: requiredId(M.personInvalid),
  evaluator_id: requiredId(M.personInvalid),
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired })
    .max(1000, { error: 'Máximo 1000 caracteres.' })
    .check(textCheck('multi')),
});
export type V1ReopenInput = z.input<typeof v1ReopenInputSchema>;

/** A reopened submission, as it was kept. */
export const v1SubmissionVersionSchema = z.object({
  id: z.number().int(),
  evaluator_id: z.number().int(),
  evaluator_name: z.string(),
  overall_percentage: z.number(),
  submitted_at: z.string(),
  reopened_at: z.string(),
  reopened_by_name: z.string().nullable(),
  reason: z.string(),
});
export type V1SubmissionVersion = z.infer<typeof v1SubmissionVersionSchema>;

/** GET /api/evaluations/{id}/people/{userId}/submissions (admin, HR): one person's round. */
export const v1PersonRoundSchema = z.object({
  evaluation_id: z.number().int(),
  collaborator_id: z.number().int(),
  status: evaluationSchema.shape.status,
  release_mode: v1ReleaseModeSchema,
  /** Whether the person reads their results now. */
  released: z.boolean(),
  submissions: z.array(
    z.object({
      evaluator_id: z.number().int(),
      evaluator_name: z.string(),
      overall_percentage: z.number(),
      created_at: z.string(),
    }),
  ),
  /** Submissions reopened to be corrected, newest first. */
  versions: z.array(v1SubmissionVersionSchema),
});
export type V1PersonRound = z.infer<typeof v1PersonRoundSchema>;

export const v1PersonParamsSchema = idParamsSchema.extend({
  userId: requiredId('El identificador no es válido.'),
});

export const v1ReleaseEndpoints = {
  /** Releases the round's results (or one person's): the people evaluated read them and are told. */
  release: endpoint({
    method: 'POST',
    path: '/api/evaluations/:id/release',
    params: idParamsSchema,
    body: v1ReleaseInputSchema,
    response: v1ReleaseResultSchema,
  }),
  /** Reopens one evaluator's submission for one person, before release, to correct it. */
  reopen: endpoint({
    method: 'POST',
    path: '/api/evaluations/:id/reopen',
    params: idParamsSchema,
    body: v1ReopenInputSchema,
    response: v1SubmissionVersionSchema,
  }),
  person: endpoint({
    method: 'GET',
    path: '/api/evaluations/:id/people/:userId/submissions',
    params: v1PersonParamsSchema,
    response: v1PersonRoundSchema,
  }),
};
