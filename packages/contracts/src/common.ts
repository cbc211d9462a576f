import { z } from 'zod';
import { textCheck } from './text';

/**
 * The largest id a row can have (PostgreSQL `integer`/`serial`). A larger one names nothing, and
 * PostgreSQL refuses to compare it with an integer column, so every id schema stops here.
 */
export const MAX_ID = 2_147_483_647;

/** Plain decimal digits, no leading zero, at most 10 (MAX_ID has 10). */
const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * An id: a JSON integer, or a text of plain decimal digits without a leading zero ('12' from a path
 * or a form). '1e1', ' 1', '0x10', '+1', '01', '1.0' or `true` are not ids (decision 022); neither is
 * anything above MAX_ID. Every issue carries `message`.
 */
export function requiredId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && ID_DIGITS.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_ID, { error: message }),
  );
}

/** A positive integer id taken from a path parameter. */
export const idParam = requiredId('El identificador no es válido.');

export const idParamsSchema = z.object({ id: idParam });

/** Optional paging and search for list calls: ?q=&page=&pageSize= */
export const pageQuerySchema = z.object({
  q: searchText(),
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

/** The search box of a list (?q=): one line, trimmed, at most 200 characters. */
export function searchText() {
  return z
    .string({ error: 'La búsqueda no es válida.' })
    .trim()
    .max(200, { error: 'La búsqueda es demasiado larga.' })
    .check(textCheck('single'))
    .optional();
}

/**
 * A required, trimmed, non-empty single-line text field (a name, a position, a label, a question)
 * with a Spanish message: no line break, control or bidirectional character (text.ts).
 */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres.` })
    .check(textCheck('single'));
}

/** An optional single-line text field: trimmed; blank or missing becomes null. */
export function optionalText(max = 200) {
  return z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .check(textCheck('single'))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A required multi-line text (comments): line breaks (LF, CR LF) allowed, other controls not. */
export function requiredMultilineText(message: string, max = 2000) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres.` })
    .check(textCheck('multi'));
}

/** An optional multi-line text (notes, descriptions): trimmed; blank or missing becomes null. */
export function optionalMultilineText(max = 2000) {
  return z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, { error: `Máximo ${max} caracteres.` })
    .check(textCheck('multi'))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An optional reference: missing, null or '' become null; otherwise an id as requiredId takes it. */
export function optionalId(message: string) {
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), requiredId(message).nullable());
}

/** A number that may arrive as a numeric string from a form; null and '' are refused (never read as 0). */
export function numericInput<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);
}
