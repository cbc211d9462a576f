import { z } from 'zod';
import { emailSchema, newPasswordSchema, publicUserSchema } from './auth';
import { requiredText } from './common';
import { endpoint } from './endpoint';
import { textCheck } from './text';

export const setupStatusSchema = z.object({ needsSetup: z.boolean() });

export const setupRequestSchema = z.object({
  token: z
    .string({ error: 'El enlace de configuración no es válido.' })
    .min(1, { error: 'El enlace de configuración no es válido.' })
    .check(textCheck('single')),
  name: requiredText('El nombre es obligatorio.', 120),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;

export const setupResponseSchema = z.object({ user: publicUserSchema });

export const setupEndpoints = {
  /** Whether the first administrator is still to be created. */
  status: endpoint({ method: 'GET', path: '/api/setup/status', response: setupStatusSchema }),
  /** Creates the first administrator with the setup link's token (once). */
  complete: endpoint({
    method: 'POST',
    path: '/api/setup',
    body: setupRequestSchema,
    status: 201,
    response: setupResponseSchema,
  }),
};

/** The server's sentences (issue 29 §6: every sentence the server sends lives in contracts). */
export const SETUP_MESSAGES = {
  done: 'La configuración inicial ya se completó.',
  badToken: 'El enlace de configuración no es válido o ya se usó.',
  locked: (minutes: number) => `Demasiados intentos fallidos. Inténtalo de nuevo en ${minutes} minutos.`,
} as const;
