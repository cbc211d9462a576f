import { z } from 'zod';
import { idParamsSchema } from './common';
import { endpoint, fileResponse } from './endpoint';
import { ITEM_TYPES, QUESTION_TYPES, V2_STATUSES } from './enums';
import { V2_RESULT_GROUPS } from './v2-results';

/**
 * 'Análisis 360' of one evaluation (issue 19, decision 037): heatmap, blind spots, comparison with the
 * previous 360 and distribution per relation. Every figure is one the viewer's per-person results
 * show (DESIGN §5, decision 023); admin sees every figure, those nobody else sees flagged.
 */
export const V2_INSIGHT_MESSAGES = {
  evaluationMissing: 'La evaluación no existe.',
} as const;

/** Why a cell has no figure: nobody scored it, or the viewer may not see it (anonymity). */
export const V2_INSIGHT_CELL_STATES = ['shown', 'withheld', 'none'] as const;
export type V2InsightCellState = (typeof V2_INSIGHT_CELL_STATES)[number];

/** One figure (0-100, unrounded) of the heatmap. */
export const v2InsightCellSchema = z.object({
  value: z.number().nullable(),
  state: z.enum(V2_INSIGHT_CELL_STATES),
  /** Admin only: a figure nobody else sees (gestionhumana gets it withheld). */
  flagged: z.boolean(),
});
export type V2InsightCell = z.infer<typeof v2InsightCellSchema>;

/** The scored items of the evaluation, in order (text items score nothing and are left out). */
export const v2InsightItemSchema = z.object({
  item_id: z.number().int(),
  question_text: z.string(),
  type: z.enum(ITEM_TYPES),
  section: z.enum(QUESTION_TYPES),
});
export type V2InsightItem = z.infer<typeof v2InsightItemSchema>;

/** One evaluatee's row of the heatmap: the "others" figures (sections, overall, each item). */
export const v2InsightPersonSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  competencies: v2InsightCellSchema,
  objectives: v2InsightCellSchema,
  overall: v2InsightCellSchema,
  /** In the order of `items`. */
  items: z.array(v2InsightCellSchema),
});
export type V2InsightPerson = z.infer<typeof v2InsightPersonSchema>;

/** The mean of the figures the viewer sees, and how many people it is over. */
export const v2InsightMeanSchema = z.object({ value: z.number().nullable(), people: z.number().int() });
export type V2InsightMean = z.infer<typeof v2InsightMeanSchema>;

/** A department's row (or the overall row): per column, the mean of the shown per-person figures. */
export const v2InsightAverageSchema = z.object({
  /** null: people without a department ('Sin departamento'); the overall row has label 'Promedio general'. */
  department: z.string().nullable(),
  label: z.string(),
  people: z.number().int(),
  competencies: v2InsightMeanSchema,
  objectives: v2InsightMeanSchema,
  overall: v2InsightMeanSchema,
  items: z.array(v2InsightMeanSchema),
});
export type V2InsightAverage = z.infer<typeof v2InsightAverageSchema>;

/** One item's self-minus-others gap (percentage points) for one person. */
export const v2InsightGapSchema = z.object({
  item_id: z.number().int(),
  question_text: z.string(),
  self: z.number(),
  others: z.number(),
  /** self − others: positive is a blind spot, negative a hidden strength. */
  gap: z.number(),
  /** Admin only: the "others" figure is one nobody else sees. */
  flagged: z.boolean(),
});
export type V2InsightGap = z.infer<typeof v2InsightGapSchema>;

export const v2InsightGapsSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Self higher than others, largest first (at most 3). */
  blind_spots: z.array(v2InsightGapSchema),
  /** Others higher than self, largest first (at most 3). */
  hidden_strengths: z.array(v2InsightGapSchema),
});
export type V2InsightGaps = z.infer<typeof v2InsightGapsSchema>;

/** The person's overall (others) now and in their previous closed 360. */
export const v2InsightComparisonSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  previous: z
    .object({
      evaluation_id: z.number().int(),
      name: z.string(),
      period: z.string(),
      overall: z.number(),
      flagged: z.boolean(),
    })
    .nullable(),
  current: v2InsightCellSchema,
  /** current − previous (percentage points); null without both. */
  change: z.number().nullable(),
});
export type V2InsightComparison = z.infer<typeof v2InsightComparisonSchema>;

/** Buckets of 10 points: 0–9, 10–19 … 90–100 (lower bound included; the last includes 100). */
export const V2_INSIGHT_BUCKETS = Array.from({ length: 10 }, (_, i) => ({
  label: i === 9 ? '90–100' : `${i * 10}–${i * 10 + 9}`,
  min: i * 10,
  max: i * 10 + 10,
}));

export const v2InsightBucketSchema = z.object({
  label: z.string(),
  min: z.number(),
  max: z.number(),
  count: z.number().int(),
  /** Admin only: how many of `count` nobody else sees. */
  flagged: z.number().int(),
});
export type V2InsightBucket = z.infer<typeof v2InsightBucketSchema>;

/** Per relation (and the merged group when shown), the per-person overall figures in buckets. */
export const v2InsightDistributionSchema = z.object({
  group: z.enum(V2_RESULT_GROUPS),
  label: z.string(),
  /** People whose figure for this group the viewer sees. */
  people: z.number().int(),
  buckets: z.array(v2InsightBucketSchema),
});
export type V2InsightDistribution = z.infer<typeof v2InsightDistributionSchema>;

/** GET /api/evaluations-v2/{id}/insight. */
export const v2InsightSchema = z.object({
  evaluation: z.object({
    id: z.number().int(),
    name: z.string(),
    period: z.string(),
    status: z.enum(V2_STATUSES),
  }),
  /** false: a non-admin before the close — completion only, every list below empty (decision 023). */
  released: z.boolean(),
  /** Admin: true (figures nobody else sees are flagged). */
  full_view: z.boolean(),
  hidden_note: z.string().optional(),
  completion: z.object({
    evaluatees: z.number().int(),
    assignments_total: z.number().int(),
    assignments_completed: z.number().int(),
    completion_percentage: z.number(),
  }),
  items: z.array(v2InsightItemSchema),
  people: z.array(v2InsightPersonSchema),
  departments: z.array(v2InsightAverageSchema),
  average: v2InsightAverageSchema.nullable(),
  gaps: z.array(v2InsightGapsSchema),
  comparison: z.array(v2InsightComparisonSchema),
  distribution: z.array(v2InsightDistributionSchema),
});
export type V2Insight = z.infer<typeof v2InsightSchema>;

export const v2InsightEndpoints = {
  /** Análisis 360 of an evaluation as the viewer may see it (admin and gestionhumana). */
  insight: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/insight',
    params: idParamsSchema,
    response: v2InsightSchema,
  }),
  /** The same analysis as a spreadsheet, one sheet per view. */
  insightXlsx: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/insight/xlsx',
    params: idParamsSchema,
    response: fileResponse,
  }),
};

/** Notes the server sends with the figures (issue 29 §6: every sentence the server sends lives in contracts). */
export const INSIGHT_NOTES = {
  withheld: (k: number) =>
    `Para proteger el anonimato, las cifras que los resultados de cada persona no te muestran (grupos anónimos con menos de ${k} respuestas que cuenten, o «Otros» cuando los revelaría) tampoco aparecen aquí ni entran en los promedios.`,
  adminFlagged:
    'Vista de administración: ves todas las cifras. Las marcadas con «Solo administración» no las ve nadie más y entran solo en tus promedios.',
} as const;
