import { z } from 'zod';
import { requiredId } from './common';
import { endpoint } from './endpoint';

/** GET /api/audit (admin only, decision 019): the audit log, paged on the server, newest first. */

export const AUDIT_MESSAGES = {
  userInvalid: 'El usuario del filtro no es válido.',
  entityInvalid: 'La entidad del filtro no es válida.',
  actionInvalid: 'La acción del filtro no es válida.',
  fromInvalid: 'La fecha inicial no es válida. Usa el formato AAAA-MM-DD.',
  toInvalid: 'La fecha final no es válida. Usa el formato AAAA-MM-DD.',
  rangeOrder: 'La fecha inicial no puede ser posterior a la fecha final.',
  pageInvalid: 'La página no es válida.',
  pageSizeInvalid: 'El tamaño de página no es válido.',
} as const;
const M = AUDIT_MESSAGES;

/** The entities the server writes to the log (the screen names them in Spanish). */
export const AUDIT_ENTITIES = [
  'user',
  'category',
  'question_bank',
  'question',
  'evaluation',
  'assignment',
  'v1_submission',
  'v2_template',
  'v2_evaluation',
  'v2_response',
  'v2_assignment',
  'v2_snapshot',
  'outbox',
  // 360 nominations (decision 036).
  'v2_nomination',
  // The organisation's logo (decision 058).
  'organization',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** The actions the server writes to the log (the screen names them in Spanish). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'update_with_password',
  'delete',
  'activate',
  'deactivate',
  'login',
  'logout',
  'password_change',
  'setup',
  'status_open',
  'status_closed',
  'update_items',
  'assign_bulk',
  'assign_evaluatee',
  'assign_relation',
  // Reaching people (decision 033).
  'access_link',
  'reset_link',
  'password_reset',
  'account_activation',
  'remind',
  'remind_auto',
  // Telling raters that an open evaluation has work for them (decision 051).
  'launch_notice',
  // A rater declines a 360 request (decision 034).
  'decline',
  'resend',
  // Releasing 360 results (decision 038).
  'release',
  // Correcting a V1 submission before release (decision 050).
  'reopen',
  // 'Reporta a' and 360 nominations (decision 036).
  'assign_managers',
  'nominations_settings',
  'nominations_participants',
  'nomination_save',
  'nomination_submit',
  'nomination_approve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_DEFAULT_PAGE_SIZE = 20;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date (YYYY-MM-DD, a UTC day) or an ISO date-time with its offset. Parsed to a bound the log's
 * ISO timestamps compare with: `from` is the start of the day, `to` the start of the next day
 * (exclusive) for a date, or the instant itself (inclusive) for a date-time.
 */
function isoBound(message: string, end: boolean) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => DATE_ONLY.test(v) || DATE_TIME.test(v), { error: message })
    .transform((v, ctx) => {
      const dateOnly = DATE_ONLY.test(v);
      const at = new Date(dateOnly ? `${v}T00:00:00.000Z` : v);
      // Date.parse rolls 2026-02-31 over to March: a day that does not exist is refused.
      if (Number.isNaN(at.getTime()) || (dateOnly && at.toISOString().slice(0, 10) !== v)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (end && dateOnly) return { at: new Date(at.getTime() + 86_400_000).toISOString(), inclusive: false };
      return { at: at.toISOString(), inclusive: true };
    });
}

const code = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, { error: message });

export const auditQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: M.pageInvalid })
      .int({ error: M.pageInvalid })
      .min(1, { error: M.pageInvalid })
      .optional(),
    pageSize: z.coerce
      .number({ error: M.pageSizeInvalid })
      .int({ error: M.pageSizeInvalid })
      .min(1, { error: M.pageSizeInvalid })
      .max(200, { error: M.pageSizeInvalid })
      .optional(),
    user_id: requiredId(M.userInvalid).optional(),
    entity: code(M.entityInvalid).optional(),
    action: code(M.actionInvalid).optional(),
    from: isoBound(M.fromInvalid, false).optional(),
    to: isoBound(M.toInvalid, true).optional(),
  })
  .refine((q) => !q.from || !q.to || (q.to.inclusive ? q.from.at <= q.to.at : q.from.at < q.to.at), {
    error: M.rangeOrder,
    path: ['from'],
  });
export type AuditQueryInput = z.input<typeof auditQuerySchema>;
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A before/after value: the JSON the server stored, parsed, or null. */
const jsonValue = z.unknown().nullable();

export const auditRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  before: jsonValue,
  after: jsonValue,
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditEndpoints = {
  /** The log, newest first, paged (20 by default) and filtered. */
  list: endpoint({ method: 'GET', path: '/api/audit', query: auditQuerySchema, response: auditPageSchema }),
};
