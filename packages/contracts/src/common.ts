import { z } from 'zod';

/**
 * The largest id a row can have (PostgreSQL `integer`/`serial`). A larger one names nothing, and
 * PostgreSQL refuses to compare it with an integer column, so every id schema stops here.
 */
export const MAX_ID = 2_147_483_647;

/** A positive integer id taken from a path parameter. */
export const idParam = z.coerce
  .number({ error: 'El identificador no es válido.' })
  .int({ error: 'El identificador no es válido.' })
  .positive({ error: 'El identificador no es válido.' })
  .max(MAX_ID, { error: 'El identificador no es válido.' });

export const idParamsSchema = z.object({ id: idParam });

/** Optional paging and search for list calls: ?q=&page=&pageSize= */
export const pageQuerySchema = z.object({
  q: z.string().trim().max(200, { error: 'La búsqueda es demasiado larga.' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'La página no es válida.' }).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, { error: 'El tamaño de página no es válido.' })
    .max(200, { error: 'El tamaño de página no es válido.' })
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const okSchema = z.object({ ok: z.literal(true) });

/** A required, trimmed, non-empty text field with a Spanish message. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres.` });
}

/** An optional text field: trimmed; blank or missing becomes null. */
export function optionalText(max = 200) {
  return z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A required reference to another record by id. */
export function requiredId(message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
}

/** An optional reference: missing, null or '' become null. */
export function optionalId(message: string) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_ID, { error: message })
      .nullable(),
  );
}

/** A number that may arrive as a numeric string from a form; null and '' are refused (never read as 0). */
export function numericInput<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);
}
