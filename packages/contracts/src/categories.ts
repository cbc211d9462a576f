import { z } from 'zod';
import { idParamsSchema, pageQuerySchema, pagedSchema, requiredText } from './common';
import { endpoint, noContent } from './endpoint';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: requiredText('El nombre de la categoría es obligatorio.', 120),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryListSchema = z.array(categorySchema);

export const categoryEndpoints = {
  /** All categories, or a page of them with ?page= (and ?q=). */
  list: endpoint({
    method: 'GET',
    path: '/api/categories',
    query: pageQuerySchema,
    response: z.union([categoryListSchema, pagedSchema(categorySchema)]),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/categories/:id',
    params: idParamsSchema,
    response: categorySchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/categories',
    body: categoryInputSchema,
    status: 201,
    response: categorySchema,
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/api/categories/:id',
    params: idParamsSchema,
    body: categoryInputSchema,
    response: categorySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/categories/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};

/** The server's sentences (issue 29 §6: every sentence the server sends lives in contracts). */
export const CATEGORY_MESSAGES = {
  notFound: 'La categoría no existe.',
  duplicate: 'Ya existe una categoría con ese nombre.',
  inUseRace: 'No se puede eliminar la categoría porque está en uso.',
} as const;
