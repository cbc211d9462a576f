import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';
import {
  idParamsSchema,
  optionalText,
  pageQuerySchema,
  pagedSchema,
  requiredId,
  requiredText,
} from './common';
import { endpoint, noContent } from './endpoint';
import { textCheck } from './text';

/** /api/evaluators: users whose role is evaluador. */
export const evaluatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});
export type Evaluator = z.infer<typeof evaluatorSchema>;

export const createEvaluatorSchema = z.object({
  name: requiredText('El nombre es obligatorio.', 120),
  email: emailSchema,
  password: z
    .string({ error: 'La contraseña es obligatoria.' })
    .min(1, { error: 'La contraseña es obligatoria.' })
    .pipe(newPasswordSchema),
});
export const updateEvaluatorSchema = z.object({
  name: requiredText('El nombre es obligatorio.', 120),
  email: emailSchema,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPasswordSchema.optional()),
});
export type EvaluatorInput = z.input<typeof updateEvaluatorSchema>;

/** /api/collaborators: users whose role is colaborador. E-mail optional (without it, no login). */
export const collaboratorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  email: z.string().nullable(),
  category_id: z.number().int().nullable(),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;

const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'El correo electrónico no es válido.' })
    .trim()
    .max(254, { error: 'El correo electrónico es demasiado largo.' })
    .check(textCheck('single'))
    .pipe(z.email({ error: 'El correo electrónico no es válido.' }))
    .nullish()
    .transform((v) => v ?? null),
);

export const collaboratorInputSchema = z.object({
  name: requiredText('El nombre es obligatorio.', 120),
  position: requiredText('El puesto es obligatorio.', 120),
  department: optionalText(120),
  email: optionalEmail,
  category_id: requiredId('La categoría es obligatoria.'),
});
export type CollaboratorInput = z.input<typeof collaboratorInputSchema>;

export const evaluatorEndpoints = {
  /** Every active evaluator, or a page of them with ?page= (and ?q=). */
  list: endpoint({
    method: 'GET',
    path: '/api/evaluators',
    query: pageQuerySchema,
    response: z.union([z.array(evaluatorSchema), pagedSchema(evaluatorSchema)]),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/evaluators/:id',
    params: idParamsSchema,
    response: evaluatorSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/evaluators',
    body: createEvaluatorSchema,
    status: 201,
    response: evaluatorSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/evaluators/:id',
    params: idParamsSchema,
    body: updateEvaluatorSchema,
    response: evaluatorSchema,
  }),
  /** Deactivates (results are kept). */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/evaluators/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};

export const collaboratorEndpoints = {
  /** Every active collaborator, or a page of them with ?page= (and ?q=). */
  list: endpoint({
    method: 'GET',
    path: '/api/collaborators',
    query: pageQuerySchema,
    response: z.union([z.array(collaboratorSchema), pagedSchema(collaboratorSchema)]),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/collaborators/:id',
    params: idParamsSchema,
    response: collaboratorSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/collaborators',
    body: collaboratorInputSchema,
    status: 201,
    response: collaboratorSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/collaborators/:id',
    params: idParamsSchema,
    body: collaboratorInputSchema,
    response: collaboratorSchema,
  }),
  /** Deactivates. */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/collaborators/:id',
    params: idParamsSchema,
    response: noContent,
  }),
};
