import { z } from 'zod';
import { ROLES } from './enums';

export const roleSchema = z.enum(ROLES, { error: 'El rol no es válido.' });

/** The user as the API shows it: never a password or hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for a collaborator registered without e-mail (who cannot log in). */
  email: z.string().nullable(),
  role: roleSchema,
  position: z.string().nullable(),
  department: z.string().nullable(),
  category_id: z.number().int().nullable(),
  status: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'El correo electrónico es obligatorio.' })
    .trim()
    .min(1, { error: 'El correo electrónico es obligatorio.' })
    .max(254, { error: 'El correo electrónico es demasiado largo.' }),
  password: z
    .string({ error: 'La contraseña es obligatoria.' })
    .min(1, { error: 'La contraseña es obligatoria.' })
    .max(200, { error: 'La contraseña es demasiado larga.' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ user: publicUserSchema });

export const csrfResponseSchema = z.object({ csrfToken: z.string() });

/** Current user, plus what the navigation needs to know. */
export const meResponseSchema = publicUserSchema.extend({
  has_v2_assignments: z.boolean(),
});
export type Me = z.infer<typeof meResponseSchema>;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const PASSWORD_MIN = 8;
export const newPasswordSchema = z
  .string({ error: 'La nueva contraseña es obligatoria.' })
  .min(PASSWORD_MIN, { error: `La nueva contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` })
  .max(200, { error: 'La contraseña es demasiado larga.' });

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'La contraseña actual es obligatoria.' })
    .min(1, { error: 'La contraseña actual es obligatoria.' })
    .max(200, { error: 'La contraseña es demasiado larga.' }),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const emailSchema = z
  .string({ error: 'El correo electrónico es obligatorio.' })
  .trim()
  .min(1, { error: 'El correo electrónico es obligatorio.' })
  .max(254, { error: 'El correo electrónico es demasiado largo.' })
  .pipe(z.email({ error: 'El correo electrónico no es válido.' }));
