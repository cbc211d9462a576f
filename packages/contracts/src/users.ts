import { z } from 'zod';
import { emailSchema, newPasswordSchema, publicUserSchema } from './auth';
import {
  idParamsSchema,
  optionalId,
  optionalText,
  pageQuerySchema,
  pagedSchema,
  requiredText,
} from './common';
import { endpoint, type BodyInput } from './endpoint';
import { ROLES } from './enums';

export const userListRowSchema = publicUserSchema.extend({ category_name: z.string().nullable() });
export type UserListRow = z.infer<typeof userListRowSchema>;

export const usersQuerySchema = pageQuerySchema.extend({
  role: z.enum(ROLES, { error: 'El rol no es válido.' }).optional(),
});

const roleRequired = z.enum(ROLES, { error: 'El rol es obligatorio.' });

const userFields = {
  name: requiredText('El nombre es obligatorio.', 120),
  email: emailSchema,
  role: roleRequired,
  position: optionalText(120),
  department: optionalText(120),
  category_id: optionalId('La categoría no es válida.'),
};

export const createUserSchema = z.object({
  ...userFields,
  password: z
    .string({ error: 'La contraseña es obligatoria.' })
    .min(1, { error: 'La contraseña es obligatoria.' })
    .pipe(newPasswordSchema),
});
/** What the web sends to create a user. */
export type CreateUserInput = BodyInput<typeof userEndpoints.create>;

/** PUT /api/users/{id}: the whole user; password only when it changes. */
export const updateUserSchema = z.object({
  ...userFields,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPasswordSchema.optional()),
});
/** What the web sends to edit a user. */
export type UpdateUserInput = BodyInput<typeof userEndpoints.update>;

/** PATCH /api/users/{id}/status: the new status, or a toggle when absent. */
export const userStatusSchema = z
  .object({ status: z.boolean({ error: 'El estado debe ser verdadero o falso.' }).optional() })
  .optional();

export const userEndpoints = {
  /** Admin and HR: every user (?role= filters), or a page of them with ?page= (and ?q=). */
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    query: usersQuerySchema,
    response: z.union([z.array(userListRowSchema), pagedSchema(userListRowSchema)]),
  }),
  /** One user: oneself, admin and HR, or an evaluator for a collaborator assigned to them. */
  get: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    params: idParamsSchema,
    response: publicUserSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    body: createUserSchema,
    status: 201,
    response: publicUserSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    params: idParamsSchema,
    body: updateUserSchema,
    response: publicUserSchema,
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/users/:id/status',
    params: idParamsSchema,
    body: userStatusSchema,
    response: publicUserSchema,
  }),
};
