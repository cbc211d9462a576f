import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';
import { idParamsSchema } from './common';
import { endpoint, noContent } from './endpoint';
import { textCheck } from './text';

/** Single-use links (decision 033): an access link lasts 7 days, a reset link 60 minutes. */
export const ACCESS_LINK_DAYS = 7;
export const RESET_LINK_MINUTES = 60;

export const ACCESS_MESSAGES = {
  /** The one answer of forgot-password, whatever the e-mail. */
  resetRequested:
    'Si el correo pertenece a una cuenta activa, recibirás un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.',
  /** A used, expired, voided or unknown token: one sentence, so the answer tells nothing more. */
  linkInvalid:
    'El enlace no es válido o ya venció. Pide uno nuevo: en «¿Olvidaste tu contraseña?» o a Gestión Humana.',
  linkSent: 'Se envió el enlace de acceso.',
  noEmail: 'Este usuario no tiene correo electrónico: no se le puede enviar un enlace de acceso.',
  inactive: 'Este usuario está inactivo: actívalo antes de enviarle un enlace de acceso.',
  tooMany: 'Demasiadas solicitudes. Espera unos minutos e inténtalo de nuevo.',
  passwordSet: 'Tu contraseña quedó guardada.',
} as const;

const token = z
  .string({ error: ACCESS_MESSAGES.linkInvalid })
  .min(1, { error: ACCESS_MESSAGES.linkInvalid })
  .max(200, { error: ACCESS_MESSAGES.linkInvalid })
  .check(textCheck('single'));

/** The body of a 202: the sentence the person reads. */
export const acceptedSchema = z.object({ message: z.string() });

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const tokenPasswordSchema = z.object({ token, newPassword: newPasswordSchema });
export type TokenPasswordInput = z.infer<typeof tokenPasswordSchema>;

export const accessEndpoints = {
  /** 202 whatever the e-mail (never tells whether it exists); limited per e-mail and per address. */
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: forgotPasswordSchema,
    status: 202,
    response: acceptedSchema,
  }),
  /** 204; every session of the person ends. 400 ACCESS_MESSAGES.linkInvalid for a bad token. */
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: tokenPasswordSchema,
    status: 204,
    response: noContent,
  }),
  /** 204 and signs the person in (new session cookie). Same token rules. */
  activate: endpoint({
    method: 'POST',
    path: '/api/auth/activate',
    body: tokenPasswordSchema,
    status: 204,
    response: noContent,
  }),
  /** Mails a new access link (the old one stops working); admin and gestionhumana. 202. */
  accessLink: endpoint({
    method: 'POST',
    path: '/api/users/:id/access-link',
    params: idParamsSchema,
    status: 202,
    response: acceptedSchema,
  }),
};
