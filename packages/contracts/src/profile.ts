import { z } from 'zod';
import { newPasswordSchema } from './auth';
import { endpoint, noContent } from './endpoint';
import { textCheck } from './text';

/** One's own profile (server: modules/profile). */
export const profileSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'La contraseña actual es obligatoria.' })
    .min(1, { error: 'La contraseña actual es obligatoria.' })
    .max(200, { error: 'La contraseña es demasiado larga.' })
    .check(textCheck('any')),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const profileEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/profile', response: profileSchema }),
  /** One's own password, with the current one (attempts limited as the login's). */
  changePassword: endpoint({
    method: 'POST',
    path: '/api/profile/change-password',
    body: changePasswordRequestSchema,
    response: noContent,
  }),
};

/** The server's sentences (issue 29 §6: every sentence the server sends lives in contracts). */
export const PASSWORD_CHANGE_MESSAGES = {
  locked: (minutes: number) =>
    `Demasiados intentos con una contraseña actual incorrecta. Inténtalo de nuevo en ${minutes} minutos.`,
  sessionEnded: (minutes: number) =>
    'Demasiados intentos con una contraseña actual incorrecta. Por seguridad se cerró la sesión; ' +
    `podrá cambiar la contraseña de nuevo en ${minutes} minutos.`,
} as const;
