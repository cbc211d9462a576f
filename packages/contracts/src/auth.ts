import { z } from 'zod';
import { endpoint, noContent } from './endpoint';
import { ROLES } from './enums';
import { textCheck } from './text';

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
    .max(254, { error: 'El correo electrónico es demasiado largo.' })
    .check(textCheck('single')),
  password: z
    .string({ error: 'La contraseña es obligatoria.' })
    .min(1, { error: 'La contraseña es obligatoria.' })
    .max(200, { error: 'La contraseña es demasiado larga.' })
    .check(textCheck('any')),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ user: publicUserSchema });

export const csrfResponseSchema = z.object({ csrfToken: z.string() });

/** Current user, plus what the navigation needs to know. */
export const meResponseSchema = publicUserSchema.extend({
  has_v2_assignments: z.boolean(),
  /**
   * The password is one somebody else chose (admin or HR): the app asks the user to choose their own,
   * and until then their 360 answers do not count toward anonymity thresholds (decision 023).
   */
  password_set_by_other: z.boolean(),
  /**
   * Where 'Contactar soporte' writes: the address the administrator configures (SUPPORT_EMAIL,
   * decision 025), or null — then the button is not shown.
   */
  support_email: z.string().nullable(),
});
export type Me = z.infer<typeof meResponseSchema>;

export const sessionResponseSchema = z.object({ me: meResponseSchema.nullable() });

export const PASSWORD_MIN = 8;
/**
 * A new password: any characters (it is never shown), but well-formed Unicode — a lone surrogate
 * would be hashed as U+FFFD, so two different passwords would open the same account.
 */
export const newPasswordSchema = z
  .string({ error: 'La nueva contraseña es obligatoria.' })
  .min(PASSWORD_MIN, { error: `La nueva contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` })
  .max(200, { error: 'La contraseña es demasiado larga.' })
  .check(textCheck('any'));

export const emailSchema = z
  .string({ error: 'El correo electrónico es obligatorio.' })
  .trim()
  .min(1, { error: 'El correo electrónico es obligatorio.' })
  .max(254, { error: 'El correo electrónico es demasiado largo.' })
  .check(textCheck('single'))
  .pipe(z.email({ error: 'El correo electrónico no es válido.' }));

export const authEndpoints = {
  /** The CSRF token of the session (or of a visitor), also set as a readable cookie. */
  csrfToken: endpoint({ method: 'GET', path: '/api/csrf-token', response: csrfResponseSchema }),
  login: endpoint({
    method: 'POST',
    path: '/api/users/login',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  /** Ends the session (if any) and clears the cookies. */
  logout: endpoint({ method: 'POST', path: '/api/logout', response: noContent }),
  /** The same as `logout`, at the address of the first version. */
  usersLogout: endpoint({ method: 'POST', path: '/api/users/logout', response: noContent }),
  /** The logged-in user and what the navigation needs. */
  me: endpoint({ method: 'GET', path: '/api/users/me', response: meResponseSchema }),
  /**
   * Whether someone is signed in, for anyone: the signed-in user as `me` answers, or null — always
   * 200, so the web's "not signed in yet" check logs no 401 in the browser (issue 30 §4).
   */
  session: endpoint({ method: 'GET', path: '/api/session', response: sessionResponseSchema }),
};

/** The server's sentences (issue 29 §6: every sentence the server sends lives in contracts). */
export const LOGIN_MESSAGES = {
  invalid: 'Credenciales incorrectas.',
  locked: (minutes: number) => `Demasiados intentos fallidos. Intente de nuevo en ${minutes} minutos.`,
} as const;
