import { z } from 'zod';
import { idParamsSchema, requiredId, requiredText } from './common';
import { endpoint, noContent } from './endpoint';

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

/** Rating scales and 360 templates (a handful of each, so the lists come whole). */
export const v2TemplateEndpoints = {
  scales: endpoint({ method: 'GET', path: '/api/scales', response: v2ScaleListSchema }),
  list: endpoint({ method: 'GET', path: '/api/templates', response: v2TemplateListSchema }),
  create: endpoint({
    method: 'POST',
    path: '/api/templates',
    body: v2TemplateCreateSchema,
    status: 201,
    response: v2TemplateSchema,
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/api/templates/:id',
    params: idParamsSchema,
    body: v2TemplateRenameSchema,
    response: v2TemplateSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/templates/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};
