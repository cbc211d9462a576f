import { z } from 'zod';
import { idParamsSchema, pageQuerySchema, pagedSchema } from './common';
import { endpoint, fileResponse } from './endpoint';

/**
 * The outbox (decision 033): every e-mail is written here in the same transaction as the change
 * that causes it, then delivered by the sender. 'pendiente': waiting (or waiting to retry, or no
 * SMTP server is configured); 'enviando': claimed by one instance; 'enviado': the SMTP server
 * accepted it; 'fallido': refused for good, or given up after the last retry.
 */
export const OUTBOX_STATUSES = ['pendiente', 'enviando', 'enviado', 'fallido'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pendiente: 'Pendiente',
  enviando: 'Enviando',
  enviado: 'Enviado',
  fallido: 'Fallido',
};

/** What a message is about (one template each). */
export const MAIL_KINDS = [
  'access-link',
  'password-reset',
  'reminder',
  'v1-report-ready',
  'v2-results-ready',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'access-link': 'Enlace de acceso',
  'password-reset': 'Restablecer contraseña',
  reminder: 'Recordatorio',
  'v1-report-ready': 'Reporte disponible',
  'v2-results-ready': 'Resultados 360° disponibles',
};

export const MAIL_MESSAGES = {
  notFound: 'El correo no existe.',
  notConfigured:
    'No hay un servidor de correo configurado (SMTP_URL): los correos quedan pendientes en esta lista.',
  sendingNow: 'Este correo se está enviando ahora; espera un momento antes de reenviarlo.',
  /** In place of a single-use link on the Correos screen for whoever may not read it (decision 033). */
  linkHidden: '[enlace oculto]',
} as const;

/** A row of GET /api/outbox: the message and what became of it. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  to_email: z.string(),
  to_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** The SMTP server's answer to the last failed attempt (or why it was not tried). */
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The plain-text body. A single-use link shows as '[enlace oculto]' unless the reader is an administrator and the message is not yet sent. */
  text: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuerySchema = pageQuerySchema.extend({
  status: z.enum(OUTBOX_STATUSES, { error: 'El estado no es válido.' }).optional(),
});

export const outboxPageSchema = pagedSchema(outboxMessageSchema).extend({
  /** Whether an SMTP server is configured (SMTP_URL): without one nothing leaves the outbox. */
  smtp_configured: z.boolean(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxEndpoints = {
  /** Newest first; admin and gestionhumana. */
  list: endpoint({
    method: 'GET',
    path: '/api/outbox',
    query: outboxQuerySchema,
    response: outboxPageSchema,
  }),
  /**
   * The message's HTML as a document of its own (same rule for links), for a sandboxed frame: its
   * Content-Security-Policy is `sandbox` (no scripts, no forms, an opaque origin) with inline styles
   * and data: images only, framable by this app alone.
   */
  html: endpoint({
    method: 'GET',
    path: '/api/outbox/:id/html',
    params: idParamsSchema,
    response: fileResponse,
  }),
  /** Puts a message back in the queue (sent now if an SMTP server is configured). */
  resend: endpoint({
    method: 'POST',
    path: '/api/outbox/:id/resend',
    params: idParamsSchema,
    response: outboxMessageSchema,
  }),
};
