import { z } from 'zod';
import { idParam, idParamsSchema, optionalMultilineText, requiredId, requiredText } from './common';
import { endpoint } from './endpoint';
import { v2GroupResultSchema, v2RelationResultSchema, v2SummarySchema } from './v2-results';

export const V2_SNAPSHOT_MESSAGES = {
  labelRequired: 'La etiqueta es obligatoria.',
  snapshotIdInvalid: 'El identificador del snapshot debe ser un número entero positivo.',
  notFound: 'El snapshot no existe.',
  evaluationMissing: 'La evaluación no existe.',
  draft: 'Una evaluación en borrador no tiene resultados: ábrela antes de tomar un snapshot.',
} as const;
const M = V2_SNAPSHOT_MESSAGES;

/** POST /api/evaluations-v2/{id}/snapshot. */
export const v2SnapshotCreateSchema = z.object({
  label: requiredText(M.labelRequired, 150),
  /** Multi-line: line breaks kept, other control characters refused. */
  notes: optionalMultilineText(2000),
});
export type V2SnapshotCreateInput = z.input<typeof v2SnapshotCreateSchema>;

export const v2SnapshotSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  notes: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type V2Snapshot = z.infer<typeof v2SnapshotSchema>;

export const v2SnapshotListItemSchema = v2SnapshotSchema.extend({ created_by_name: z.string().nullable() });
export type V2SnapshotListItem = z.infer<typeof v2SnapshotListItemSchema>;

/** 201 answer of the create. */
export const v2SnapshotCreatedSchema = z.object({ snapshot: v2SnapshotSchema, summary: v2SummarySchema });
export type V2SnapshotCreated = z.infer<typeof v2SnapshotCreatedSchema>;

/** GET /api/evaluations-v2/{id}/snapshots: newest first. */
export const v2SnapshotListSchema = z.object({ snapshots: z.array(v2SnapshotListItemSchema) });

/** One evaluatee's results as frozen: the groups, self, others, and the headline (others' overall). */
export const v2SnapshotDetailRowSchema = z.object({
  evaluatee_id: z.number().int(),
  evaluatee_name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  relations: z.array(v2RelationResultSchema),
  self: v2GroupResultSchema.nullable(),
  others: v2GroupResultSchema.nullable(),
  /** The "others" overall % (null when none, or withheld from this viewer). */
  overall_percentage: z.number().nullable(),
});
export type V2SnapshotDetailRow = z.infer<typeof v2SnapshotDetailRowSchema>;

/** GET /api/evaluations-v2/{id}/snapshots/{snapshotId}. */
export const v2SnapshotDetailSchema = z.object({
  snapshot: v2SnapshotListItemSchema.extend({
    /** The anonymity threshold in force when it was taken. */
    anonymity_min_raters: z.number().int(),
    /**
     * Taken of a closed evaluation: only then do non-admins read its figures; of an open one they
     * read completion only (decision 023).
     */
    results_released: z.boolean(),
  }),
  summary: v2SummarySchema,
  detail: z.array(v2SnapshotDetailRowSchema),
});
export type V2SnapshotDetail = z.infer<typeof v2SnapshotDetailSchema>;

export const v2SnapshotParamsSchema = z.object({
  id: idParam,
  snapshotId: requiredId(M.snapshotIdInvalid),
});

export const v2SnapshotEndpoints = {
  /** Freezes the evaluation's results now (not of a draft); answers the summary the creator may see. */
  create: endpoint({
    method: 'POST',
    path: '/api/evaluations-v2/:id/snapshot',
    params: idParamsSchema,
    body: v2SnapshotCreateSchema,
    status: 201,
    response: v2SnapshotCreatedSchema,
  }),
  /** The evaluation's snapshots, newest first. */
  list: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/snapshots',
    params: idParamsSchema,
    response: v2SnapshotListSchema,
  }),
  /** One snapshot's frozen data in the view the reader may see. */
  get: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/snapshots/:snapshotId',
    params: v2SnapshotParamsSchema,
    response: v2SnapshotDetailSchema,
  }),
};
