import { z } from 'zod';
import { emailSchema, newPasswordSchema, publicUserSchema } from './auth';
import { optionalId, optionalText, pageQuerySchema, requiredText } from './common';
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
export type CreateUserInput = z.input<typeof createUserSchema>;

/** PUT /api/users/{id}: the whole user; password only when it changes. */
export const updateUserSchema = z.object({
  ...userFields,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPasswordSchema.optional()),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** PATCH /api/users/{id}/status: the new status, or a toggle when absent. */
export const userStatusSchema = z
  .object({ status: z.boolean({ error: 'El estado debe ser verdadero o falso.' }).optional() })
  .optional();
