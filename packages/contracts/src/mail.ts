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
  // Issue 30 §2 (decision 051).
  'round-launch',
  'hr-digest',
  'nominations',
  // Issue 30 §2: a manager told that their team's 360 results are released to them (decision 055).
  'v2-team-results-ready',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'access-link': 'Enlace de acceso',
  'password-reset': 'Restablecer contraseña',
  reminder: 'Recordatorio',
  'v1-report-ready': 'Reporte disponible',
  'v2-results-ready': 'Resultados 360° disponibles',
  'round-launch': 'Inicio de evaluación',
  'hr-digest': 'Resumen semanal de pendientes',
  nominations: 'Nominaciones 360',
  'v2-team-results-ready': 'Resultados 360° del equipo disponibles',
};

export const MAIL_MESSAGES = {
  notFound: 'El correo no existe.',
  notConfigured:
    'No hay un servidor de correo configurado (SMTP_URL): los correos quedan pendientes en esta lista.',
  sendingNow: 'Este correo se está enviando ahora; espera un momento antes de reenviarlo.',
  /** Correos, on a message that may have gone out twice (decision 044). */
  possibleDuplicate: 'Posible duplicado',
  possibleDuplicateHelp:
    'Puede haberse enviado dos veces: un intento se interrumpió después de entregarlo al servidor de correo y antes de registrarlo, y se volvió a enviar. Ambas copias llevan el mismo identificador, por lo que la mayoría de los programas de correo muestran solo una.',
  /** In place of a single-use link on the Correos screen for whoever may not read it (decision 033). */
  linkHidden: '[enlace oculto]',
  /** In place of a single-use link once its message was sent: the link is no longer kept (decision 043). */
  linkSent: '[enlace enviado]',
  /** In place of a single-use link whose token was used, replaced or expired before it was sent (decision 043). */
  linkEnded: '[enlace ya no válido]',
  /** Why a message whose link ended before it was sent is not sent (its last_error, decision 043). */
  linkEndedNotSent:
    'No se envió: su enlace de un solo uso dejó de valer antes (se usó, venció o se envió uno más reciente).',
  /** Correos, on a message whose single-use link is no longer kept (decision 043). */
  linkRemovedHelp:
    'Este correo llevaba un enlace de un solo uso. Por seguridad ya no se guarda: se envió, se usó o venció. Para que la persona entre, envía un nuevo enlace de acceso desde Usuarios.',
  /** A resend of a message whose single-use link is no longer kept (409, decision 043). */
  linkGone:
    'Este correo llevaba un enlace de un solo uso que ya no se guarda, así que no se puede reenviar. Envía un nuevo enlace de acceso a la persona.',
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
  /** The Message-ID every attempt carried ('<…@host>'); null for messages sent before it was kept (decision 044). */
  message_id: z.string().nullable(),
  /**
   * An attempt began and its end was never recorded (the instance stopped in between), so the SMTP
   * server may have accepted it and the next attempt delivered it again — with the same Message-ID,
   * which mail clients show once (decision 044).
   */
  possible_duplicate: z.boolean(),
  /**
   * The message carried a single-use link that is no longer kept: it was sent ('[enlace enviado]') or
   * its token ended first ('[enlace ya no válido]'). Such a message cannot be resent (decision 043).
   */
  link_removed: z.boolean(),
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
