import { z } from 'zod';
import { idParamsSchema, pageQuerySchema, pagedSchema } from './common';
import { endpoint } from './endpoint';
import { v2ResultParamsSchema } from './v2-results';

/**
 * Releasing 360 results (issue 19, decision 038): HR decides who reads each person's results — the
 * person, their manager, both, or nobody yet — for the whole evaluation and, where it differs, per
 * person. A release takes effect once the evaluation is closed (before that nobody but admin reads
 * figures: decision 023).
 */
export const V2_RELEASE_MESSAGES = {
  /** What the evaluatee or their manager reads until HR releases the results (the words). */
  notAvailable: 'Tus resultados aún no están disponibles.',
  notAvailableTeam: 'Los resultados de esta persona aún no están disponibles para ti.',
  choiceInvalid: 'Indica con quién se comparten los resultados (sí o no para la persona y para su jefe).',
  evaluationMissing: 'La evaluación no existe.',
  userMissing: 'Esa persona no está evaluada en esta evaluación.',
} as const;
const M = V2_RELEASE_MESSAGES;

/** Who reads the results: the four choices HR has. */
export const RELEASE_AUDIENCES = ['none', 'evaluatee', 'manager', 'both'] as const;
export type ReleaseAudience = (typeof RELEASE_AUDIENCES)[number];
export const RELEASE_AUDIENCE_LABELS: Record<ReleaseAudience, string> = {
  none: 'Aún no',
  evaluatee: 'Con la persona evaluada',
  manager: 'Con su jefe',
  both: 'Con la persona y su jefe',
};

/** The pair of yes/no flags stored, from one of the four choices, and back. */
export function audienceOf(release: { evaluatee: boolean; manager: boolean }): ReleaseAudience {
  if (release.evaluatee && release.manager) return 'both';
  if (release.evaluatee) return 'evaluatee';
  if (release.manager) return 'manager';
  return 'none';
}
export function releaseOf(audience: ReleaseAudience): { evaluatee: boolean; manager: boolean } {
  return {
    evaluatee: audience === 'evaluatee' || audience === 'both',
    manager: audience === 'manager' || audience === 'both',
  };
}

const flag = z.boolean({ error: M.choiceInvalid });

/** PUT /api/evaluations-v2/{id}/release: the evaluation's release. */
export const v2ReleaseSchema = z.object({ evaluatee: flag, manager: flag }, { error: M.choiceInvalid });
export type V2Release = z.infer<typeof v2ReleaseSchema>;

/** PUT /api/evaluations-v2/{id}/release/{userId}: one person's release; null follows the evaluation. */
export const v2PersonReleaseInputSchema = z.object(
  { evaluatee: flag.nullable(), manager: flag.nullable() },
  { error: M.choiceInvalid },
);
export type V2PersonReleaseInput = z.infer<typeof v2PersonReleaseInputSchema>;

/** GET/PUT answer: the evaluation's release, and how many people have their own. */
export const v2ReleaseStateSchema = z.object({
  evaluation_id: z.number().int(),
  /** Whether the evaluation is closed: a release takes effect only then. */
  closed: z.boolean(),
  evaluatee: z.boolean(),
  manager: z.boolean(),
  /** People whose release differs from the evaluation's. */
  overrides: z.number().int(),
});
export type V2ReleaseState = z.infer<typeof v2ReleaseStateSchema>;

/** A row of GET /api/evaluations-v2/{id}/release/people: one evaluatee and their release. */
export const v2PersonReleaseSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  /** Their manager ('Reporta a'), or null. */
  manager_name: z.string().nullable(),
  /** The person's own choice; null follows the evaluation. */
  own: z.object({ evaluatee: z.boolean().nullable(), manager: z.boolean().nullable() }),
  /** What holds for them. */
  evaluatee: z.boolean(),
  manager: z.boolean(),
});
export type V2PersonRelease = z.infer<typeof v2PersonReleaseSchema>;
export const v2PersonReleasePageSchema = pagedSchema(v2PersonReleaseSchema);

/**
 * A row of 'Mis resultados 360' (GET /api/evaluations-v2/results/mine) and of the team view (GET
 * /api/evaluations-v2/results/team): a closed 360 where the person was rated, and whether its results
 * are released to the reader.
 */
export const v2TeamResultSchema = z.object({
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  period: z.string(),
  evaluatee_id: z.number().int(),
  evaluatee_name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  released: z.boolean(),
});
export type V2TeamResult = z.infer<typeof v2TeamResultSchema>;
export const v2TeamResultsSchema = z.object({ rows: z.array(v2TeamResultSchema) });

export const v2ReleaseEndpoints = {
  /** The evaluation's release (admin and HR). */
  get: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/release',
    params: idParamsSchema,
    response: v2ReleaseStateSchema,
  }),
  /** Sets the evaluation's release (admin and HR; audited). */
  set: endpoint({
    method: 'PUT',
    path: '/api/evaluations-v2/:id/release',
    params: idParamsSchema,
    body: v2ReleaseSchema,
    response: v2ReleaseStateSchema,
  }),
  /** The evaluatees and their release, paged and searchable (admin and HR). */
  people: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/release/people',
    params: idParamsSchema,
    query: pageQuerySchema,
    response: v2PersonReleasePageSchema,
  }),
  /** Sets one person's release (admin and HR; audited). */
  setPerson: endpoint({
    method: 'PUT',
    path: '/api/evaluations-v2/:id/release/:userId',
    params: v2ResultParamsSchema,
    body: v2PersonReleaseInputSchema,
    response: v2PersonReleaseSchema,
  }),
  /** The closed 360s of the people who report to the caller, and whether each is released to them. */
  team: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/results/team',
    response: v2TeamResultsSchema,
  }),
} as const;
