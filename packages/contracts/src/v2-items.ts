import { z } from 'zod';
import { idParamsSchema, numericInput, requiredId, requiredText } from './common';
import { endpoint } from './endpoint';
import { textCheck } from './text';
import { ITEM_TYPES, QUESTION_TYPES, type ItemType } from './enums';

export const V2_ITEM_MESSAGES = {
  itemsRequired: 'La lista de ítems es obligatoria.',
  tooMany: 'Una evaluación admite como máximo 200 ítems.',
  idInvalid: 'El identificador del ítem no es válido.',
  textRequired: 'El texto de la pregunta es obligatorio.',
  typeRequired: 'El tipo de ítem es obligatorio.',
  typeInvalid: 'El tipo de ítem debe ser calificación, sí/no, estado (3 niveles) o texto.',
  sectionInvalid: 'La sección debe ser competencia u objetivo.',
  weightInvalid: 'El peso debe ser un número mayor o igual a 0.',
  weightMax: 'El peso no puede ser mayor que 1000.',
  weightDecimals: 'El peso admite como máximo 2 decimales.',
  scaleIdInvalid: 'La escala no es válida.',
  scaleBoundInvalid: 'Los extremos de la escala deben ser números enteros entre 0 y 10.',
  scaleLabelsInvalid: 'Las etiquetas de la escala deben ser textos de hasta 100 caracteres (máximo 11).',
  positionInvalid: 'La posición debe ser un número entero mayor o igual a 0.',
  // Checked by the server against the evaluation:
  locked: 'Los ítems solo se pueden editar mientras la evaluación está en borrador.',
  scaleMissing: 'La escala no existe.',
  scaleOnlyForRating: 'Solo los ítems de tipo calificación pueden tener escala.',
  scaleOrder: 'El mínimo de la escala debe ser menor que el máximo.',
} as const;
const M = V2_ITEM_MESSAGES;

export const itemDuplicateMessage = (id: number) => `El ítem ${id} aparece más de una vez en la lista.`;
export const itemNotInEvaluationMessage = (id: number) => `El ítem ${id} no pertenece a esta evaluación.`;

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  rating: 'Calificación',
  yes_no: 'Sí/No',
  status_3: 'Estado (Logrado / En proceso / No logrado)',
  text: 'Texto',
};

export const SCALE_BOUND_MIN = 0;
export const SCALE_BOUND_MAX = 10;
export const ITEM_WEIGHT_MAX = 1000;
export const ITEMS_MAX = 200;

/** An item as stored (GET and PUT /api/evaluations-v2/{id}/items). */
export const v2ItemSchema = z.object({
  id: z.number().int(),
  question_text: z.string(),
  type: z.enum(ITEM_TYPES),
  section: z.enum(QUESTION_TYPES),
  weight: z.number(),
  scale_id: z.number().int().nullable(),
  scale_min: z.number().int(),
  scale_max: z.number().int(),
  scale_labels: z.array(z.string()),
  position: z.number().int(),
});
export type V2Item = z.infer<typeof v2ItemSchema>;

export const v2ItemListSchema = z.object({ items: z.array(v2ItemSchema) });

/** Weight: a number ≥ 0 with at most 2 decimals (step 0.01). */
export const itemWeightSchema = numericInput(
  z
    .number({ error: M.weightInvalid })
    .min(0, { error: M.weightInvalid })
    .max(ITEM_WEIGHT_MAX, { error: M.weightMax })
    .refine((w) => Math.abs(w * 100 - Math.round(w * 100)) < 1e-6, { error: M.weightDecimals }),
);

const scaleBound = numericInput(
  z
    .number({ error: M.scaleBoundInvalid })
    .int({ error: M.scaleBoundInvalid })
    .min(SCALE_BOUND_MIN, { error: M.scaleBoundInvalid })
    .max(SCALE_BOUND_MAX, { error: M.scaleBoundInvalid }),
);

/** null or '' clear the scale; absent leaves it as it is. */
const scaleId = z.preprocess((v) => (v === '' ? null : v), requiredId(M.scaleIdInvalid).nullable());

/**
 * One item of PUT /api/evaluations-v2/{id}/items (DESIGN §4b): with an id it updates just the fields
 * it carries; without one it is created and needs question_text and type.
 */
export const v2ItemInputSchema = z
  .object({
    id: z.preprocess((v) => (v === null || v === '' ? undefined : v), requiredId(M.idInvalid).optional()),
    /** One line (decision 022), like the V1 questions. */
    question_text: requiredText(M.textRequired, 500).optional(),
    type: z.enum(ITEM_TYPES, { error: M.typeInvalid }).optional(),
    section: z.enum(QUESTION_TYPES, { error: M.sectionInvalid }).optional(),
    weight: itemWeightSchema.optional(),
    scale_id: scaleId.optional(),
    scale_min: scaleBound.optional(),
    scale_max: scaleBound.optional(),
    scale_labels: z
      .array(
        z
          .string({ error: M.scaleLabelsInvalid })
          .trim()
          .max(100, { error: M.scaleLabelsInvalid })
          .check(textCheck('single')),
        { error: M.scaleLabelsInvalid },
      )
      .max(SCALE_BOUND_MAX - SCALE_BOUND_MIN + 1, { error: M.scaleLabelsInvalid })
      .optional(),
    position: numericInput(
      z
        .number({ error: M.positionInvalid })
        .int({ error: M.positionInvalid })
        .min(0, { error: M.positionInvalid })
        .max(100_000, { error: M.positionInvalid }),
    ).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.id !== undefined) return;
    if (item.question_text === undefined) {
      ctx.addIssue({ code: 'custom', message: M.textRequired, path: ['question_text'] });
    }
    if (item.type === undefined) ctx.addIssue({ code: 'custom', message: M.typeRequired, path: ['type'] });
  });
export type V2ItemInput = z.infer<typeof v2ItemInputSchema>;

export const v2ItemsPutSchema = z.object({
  items: z
    .array(v2ItemInputSchema, { error: M.itemsRequired })
    .max(ITEMS_MAX, { error: M.tooMany })
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, i) => {
        if (item.id === undefined) return;
        if (seen.has(item.id)) {
          ctx.addIssue({ code: 'custom', message: itemDuplicateMessage(item.id), path: [i, 'id'] });
        }
        seen.add(item.id);
      });
    }),
});
export type V2ItemsPutInput = z.input<typeof v2ItemsPutSchema>;

export const v2ItemEndpoints = {
  /** Managers read any evaluation's items; a rater those of an evaluation (not a draft) they rate in. */
  list: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:id/items',
    params: idParamsSchema,
    response: v2ItemListSchema,
  }),
  /** The whole list, in order (draft only); answers the items as stored. */
  replace: endpoint({
    method: 'PUT',
    path: '/api/evaluations-v2/:id/items',
    params: idParamsSchema,
    body: v2ItemsPutSchema,
    response: v2ItemListSchema,
  }),
};
