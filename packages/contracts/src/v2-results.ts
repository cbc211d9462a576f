import { z } from 'zod';
import { idParamsSchema, requiredId } from './common';
import { endpoint, fileResponse } from './endpoint';
import { ITEM_TYPES, QUESTION_TYPES, RELATIONS, V2_STATUSES } from './enums';
import { scoreBandSchema } from './v1-results';

export const V2_RESULT_MESSAGES = {
  evaluationMissing: 'La evaluación no existe.',
  userMissing: 'El usuario no existe.',
  noAssignments: 'Esta persona no tiene evaluadores asignados en esta evaluación.',
} as const;

/**
 * The groups a 360 result shows: the four relations, plus 'peer_report' — the peers and direct
 * reports merged when each group alone is below the anonymity threshold (never shown to admin, who
 * sees both groups).
 */
export const V2_RESULT_GROUPS = ['self', 'manager', 'peer', 'report', 'peer_report'] as const;
export type V2ResultGroup = (typeof V2_RESULT_GROUPS)[number];
export const V2_RESULT_GROUP_LABELS: Record<V2ResultGroup, string> = {
  self: 'Autoevaluación',
  manager: 'Jefe',
  peer: 'Pares',
  report: 'Colaboradores directos',
  peer_report: 'Pares y colaboradores directos',
};

/**
 * What stands in place of a group's figures that the viewer does not get: withheld for anonymity,
 * or not published yet (a non-admin, the evaluation not closed — decision 023).
 */
export function v2WithheldLabel(released: boolean): string {
  return released ? 'No se muestra (anonimato)' : 'Se publica al cerrar la evaluación';
}

/** The figures of a rater or a group; null when nothing was scored (or when withheld). Unrounded. */
export const v2FiguresSchema = z.object({
  competencies_percentage: z.number().nullable(),
  objectives_percentage: z.number().nullable(),
  overall_percentage: z.number().nullable(),
});

/** Self or "others" (all non-self raters): their completed raters and mean figures. */
export const v2GroupResultSchema = v2FiguresSchema.extend({ raters: z.number().int() });
export type V2GroupResult = z.infer<typeof v2GroupResultSchema>;

/** One group of an evaluatee's result. Figures are null when the group is not shown to the viewer. */
export const v2RelationResultSchema = v2FiguresSchema.extend({
  relation: z.enum(V2_RESULT_GROUPS),
  raters_completed: z.number().int(),
  raters_assigned: z.number().int(),
  /**
   * Completed raters that count toward the anonymity threshold (decision 023: not those a results
   * reader may know). Absent in snapshots taken before it existed.
   */
  raters_counted: z.number().int().optional(),
  /**
   * The anonymity threshold applies to this group (isAnonymousGroup: peers, reports, the merged group,
   * several managers — declined requests included). Absent in snapshots taken before decision 041.
   */
  anonymous: z.boolean().optional(),
  /** The viewer sees this group's figures (false: below the anonymity threshold for this viewer). */
  shown: z.boolean(),
  /** 1 to ANONYMITY_MIN_RATERS − 1 completed raters in a peer/report group (or the merged one). */
  below_threshold: z.boolean(),
});
export type V2RelationResult = z.infer<typeof v2RelationResultSchema>;

/** Item averages are 0-100 (mean score × 100); null without a score or when withheld. */
export const v2ItemResultSchema = z.object({
  item_id: z.number().int(),
  question_text: z.string(),
  type: z.enum(ITEM_TYPES),
  section: z.enum(QUESTION_TYPES),
  weight: z.number(),
  self_average: z.number().nullable(),
  others_average: z.number().nullable(),
  /** Only the groups the viewer sees (never self: see self_average). */
  by_relation: z.partialRecord(z.enum(V2_RESULT_GROUPS), z.number().nullable()),
  /** N/A answers among the raters whose answers the viewer sees. */
  na_count: z.number().int(),
});
export type V2ItemResult = z.infer<typeof v2ItemResultSchema>;

/** A comment on an item, or a written (text) answer; attributed by group only, never by name. */
export const v2ResultCommentSchema = z.object({
  relation: z.enum(V2_RESULT_GROUPS),
  item_id: z.number().int(),
  question_text: z.string(),
  text: z.string(),
});
export type V2ResultComment = z.infer<typeof v2ResultCommentSchema>;

/** GET /api/evaluations-v2/{id}/results/{userId}. */
export const v2ResultsSchema = z.object({
  evaluation: z.object({
    id: z.number().int(),
    name: z.string(),
    period: z.string(),
    status: z.enum(V2_STATUSES),
    weights: z.object({ weight_objectives: z.number(), weight_competencies: z.number() }),
  }),
  evaluatee: z.object({
    id: z.number().int(),
    name: z.string(),
    department: z.string().nullable(),
    position: z.string().nullable(),
  }),
  relations: z.array(v2RelationResultSchema),
  self: v2GroupResultSchema.nullable(),
  others: v2GroupResultSchema.nullable(),
  items: z.array(v2ItemResultSchema),
  comments: z.array(v2ResultCommentSchema),
  /**
   * Whether figures and comments are given to this viewer: admin always; anyone else only once the
   * evaluation is closed (decision 023). When false, only the counts of raters are filled in.
   */
  released: z.boolean(),
  /** Why something is not shown (or, for admin, that some groups are hidden from everyone else). */
  hidden_note: z.string().optional(),
});
export type V2Results = z.infer<typeof v2ResultsSchema>;

export const v2ResultParamsSchema = z.object({
  id: requiredId('El identificador no es válido.'),
  userId: requiredId('El identificador no es válido.'),
});

/** Per relation across the evaluation: assignments, and the mean of the evaluatees' group overall. */
export const v2RelationSummarySchema = z.object({
  relation: z.enum(RELATIONS),
  total: z.number().int(),
  completed: z.number().int(),
  /** Mean over evaluatees of that group's overall % (only groups the viewer may see); null with none. */
  overall_average: z.number().nullable(),
});

/** GET /api/evaluations-v2/{id}/summary, and the summary a snapshot freezes. */
export const v2SummarySchema = z.object({
  evaluatees: z.number().int(),
  /** Evaluatees whose "others" overall the viewer may see: those averaged and banded below. */
  evaluatees_scored: z.number().int(),
  assignments_total: z.number().int(),
  assignments_completed: z.number().int(),
  /** completed / total × 100 (0 without assignments), unrounded. */
  completion_percentage: z.number(),
  /** Mean of the evaluatees' "others" overall %; null when there is none. */
  overall_average: z.number().nullable(),
  by_relation: z.array(v2RelationSummarySchema),
  /** Evaluatees' "others" overall in SCORE_BANDS. */
  distribution: z.array(scoreBandSchema),
  /**
   * false when the viewer gets completion figures only (a non-admin, the evaluation not closed when
   * computed — decision 023). Absent in snapshots taken before it existed.
   */
  released: z.boolean().optional(),
});
export type V2Summary = z.infer<typeof v2SummarySchema>;

/** GET /api/evaluations-v2/results/mine: closed 360s where the caller was rated by someone. */
export const myV2ResultSchema = z.object({
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  period: z.string(),
  /** Whether HR has released these results to the person (decision 038); false: not readable yet. */
  released: z.boolean(),
});
export type MyV2Result = z.infer<typeof myV2ResultSchema>;
export const myV2ResultsSchema = z.object({ rows: z.array(myV2ResultSchema) });

export const v2ResultEndpoints = {
  /** Closed 360s where the caller was rated by someone (Mis resultados 360). */
  mine: endpoint({ method: 'GET', path: '/api/evaluations-v2/results/mine', response: myV2ResultsSchema }),
  /** One evaluatee's results as the viewer may see them (admin, gestionhumana, the evaluatee once closed). */
  person: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/results/:userId',
    params: v2ResultParamsSchema,
    response: v2ResultsSchema,
  }),
  /** The same results as a PDF. */
  personPdf: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/results/:userId/pdf',
    params: v2ResultParamsSchema,
    response: fileResponse,
  }),
  /** The same results as a spreadsheet. */
  personXlsx: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/results/:userId/xlsx',
    params: v2ResultParamsSchema,
    response: fileResponse,
  }),
  /** The evaluation's summary for a manager. */
  summary: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/summary',
    params: idParamsSchema,
    response: v2SummarySchema,
  }),
};

/** Notes the server sends with the figures (issue 29 §6: every sentence the server sends lives in contracts). */
export const V2_NOTES = {
  notReleased:
    'Los resultados de cada persona se publican cuando la evaluación se cierra. Mientras siga abierta solo se muestra el avance: comparar resultados leídos antes y después de una respuesta revelaría lo que respondió esa persona.',
  adminNotReleased:
    'Vista de administración. Nadie más ve estos resultados hasta que la evaluación se cierre: mientras siga abierta, solo el avance.',
  notCounted: (n: number) =>
    `${n === 1 ? 'Una respuesta no cuenta' : `${n} respuestas no cuentan`} para ese mínimo: las de quien puede leer resultados (administración y gestión humana), las dadas cuando gestión humana podía conocer la contraseña del evaluador (la eligió gestión humana, o la eligió la persona con un enlace enviado a un correo que ningún administrador había confirmado) y las que esperan esa confirmación. Gestión humana ve en los evaluadores de cada persona por qué no cuenta cada uno y qué falta para que cuente.`,
} as const;
