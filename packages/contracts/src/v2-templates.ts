import { z } from 'zod';
import { requiredId, requiredText } from './common';

export const V2_TEMPLATE_MESSAGES = {
  nameRequired: 'El nombre de la plantilla es obligatorio.',
  evaluationRequired: 'La evaluación es obligatoria.',
  notFound: 'La plantilla no existe.',
  duplicate: 'Ya existe una plantilla con ese nombre.',
  evaluationMissing: 'La evaluación no existe.',
} as const;
const M = V2_TEMPLATE_MESSAGES;

/** GET /api/scales: a rating scale with one label per point (labels may be empty). */
export const v2ScaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  min_value: z.number().int(),
  max_value: z.number().int(),
  labels: z.array(z.string()),
});
export type V2Scale = z.infer<typeof v2ScaleSchema>;
export const v2ScaleListSchema = z.array(v2ScaleSchema);

/** GET /api/templates row; also the answer of the template create and rename. */
export const v2TemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  item_count: z.number().int(),
});
export type V2Template = z.infer<typeof v2TemplateSchema>;
export const v2TemplateListSchema = z.array(v2TemplateSchema);

/** POST /api/templates: a template holding a copy of the evaluation's current items. */
export const v2TemplateCreateSchema = z.object({
  evaluation_id: requiredId(M.evaluationRequired),
  name: requiredText(M.nameRequired, 150),
});
export type V2TemplateCreateInput = z.input<typeof v2TemplateCreateSchema>;

/** PUT /api/templates/{id}. */
export const v2TemplateRenameSchema = z.object({ name: requiredText(M.nameRequired, 150) });
export type V2TemplateRenameInput = z.input<typeof v2TemplateRenameSchema>;
