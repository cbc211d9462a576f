import {
  ERROR_CODES,
  MAIL_MESSAGES,
  type MailKind,
  type OutboxMessage,
  type OutboxPage,
  type OutboxStatus,
  type PageQuery,
} from '@evalua/contracts';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { pageBounds } from '../../http/paging';
import { nowIso } from '../../time';
import { audit } from '../audit';
import {
  findOutbox,
  insertOutbox,
  listOutbox,
  removeDeadLinks,
  requeue,
  type NewOutboxRow,
  type OutboxRow,
} from './repository';
import { escapeHtml, renderMail, type MailContent } from './templates';

export type { MailContent } from './templates';

/** What every message needs from the configuration. */
export interface MailSettings {
  organizationName: string;
  /** Where people open Evalúa: links are made absolute with it. */
  publicUrl: string;
}

export function mailSettings(config: Config): MailSettings {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    organizationName: config.organizationName,
    publicUrl: config.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`,
  };
}

/** An absolute link to a path of the app ('/activar?token=…'). */
export function absoluteUrl(settings: MailSettings, pathAndQuery: string): string {
  return new URL(pathAndQuery, `${settings.publicUrl}/`).href;
}

export interface Recipient {
  email: string;
  name: string | null;
  userId: number | null;
}

export interface MailRequest {
  kind: MailKind;
  to: Recipient;
  content: MailContent;
  /**
   * The message's single-use link (an access or reset link), if any: it is hidden on the Correos
   * screen from everyone but an administrator, and from them too once the message is sent.
   */
  secretLink?: string;
  /**
   * SHA-256 of the token `secretLink` carries, as user_tokens has it: the link is kept in the outbox
   * only while that token is live and the message unsent (decision 043). A link without it is
   * removed at the next pass.
   */
  secretTokenHash?: string;
}

/**
 * A Message-ID for a new message, '<evalua.UUID@host>' with the host of PUBLIC_URL: chosen once and
 * sent with every attempt, so that a message delivered twice shows once (decision 044).
 */
export function newMessageId(settings: MailSettings): string {
  let host = 'evalua.invalid';
  try {
    host = new URL(settings.publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL is checked at start; the fallback only guards a settings object made elsewhere.
  }
  return `<evalua.${randomUUID()}@${host}>`;
}

function outboxRow(settings: MailSettings, request: MailRequest, now: string): NewOutboxRow {
  const rendered = renderMail(request.content, settings.organizationName);
  return {
    kind: request.kind,
    user_id: request.to.userId,
    to_email: request.to.email,
    to_name: request.to.name,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    link: request.secretLink ?? null,
    token_hash: request.secretLink ? (request.secretTokenHash ?? null) : null,
    message_id: newMessageId(settings),
    next_attempt_at: now,
    created_at: now,
  };
}

/**
 * Writes messages to the outbox. Pass the transaction of the change that causes them: if the change
 * fails, nothing is sent. After the transaction commits, call kickOutbox() so the sender looks now.
 */
export async function enqueueMail(
  db: Kysely<Database>,
  settings: MailSettings,
  requests: MailRequest | readonly MailRequest[],
): Promise<number[]> {
  const now = nowIso();
  const list = Array.isArray(requests) ? requests : [requests as MailRequest];
  if (list.length === 0) return [];
  return insertOutbox(
    db,
    list.map((r) => outboxRow(settings, r, now)),
  );
}

type Wake = () => void;
const wakers = new Map<Kysely<Database>, Set<Wake>>();

/** The sender of this database hears of new messages at once (and otherwise polls). */
export function onOutboxWrite(db: Kysely<Database>, wake: Wake): () => void {
  let set = wakers.get(db);
  if (!set) wakers.set(db, (set = new Set()));
  set.add(wake);
  return () => {
    set.delete(wake);
    if (set.size === 0) wakers.delete(db);
  };
}

/** Tells this instance's sender that messages were committed. */
export function kickOutbox(db: Kysely<Database>): void {
  for (const wake of wakers.get(db) ?? []) wake();
}

/** Whether this reader may read a message's single-use link: an administrator, while it is unsent (decision 033). */
function mayReadLink(row: OutboxRow, reader: Actor): boolean {
  return reader.role === 'admin' && row.status !== 'enviado';
}

/** A body with the message's single-use link replaced by '[enlace oculto]' (as written, and HTML-escaped). */
function hideLink(body: string, link: string | null): string {
  if (!link) return body;
  return body
    .split(link)
    .join(MAIL_MESSAGES.linkHidden)
    .split(escapeHtml(link))
    .join(MAIL_MESSAGES.linkHidden);
}

function shown(row: OutboxRow, reader: Actor): OutboxMessage {
  const {
    link,
    claimed_until: _claim,
    html: _html,
    attempt_started_at: _started,
    possible_duplicate,
    token_hash: _tokenHash,
    link_removed_at: linkRemovedAt,
    ...rest
  } = row;
  return {
    ...rest,
    possible_duplicate: possible_duplicate === 1,
    link_removed: linkRemovedAt !== null,
    text: mayReadLink(row, reader) ? rest.text : hideLink(rest.text, link),
  };
}

/**
 * Takes out of the outbox every single-use link whose token ended — used, voided by a newer link or
 * a change of the account, expired — and gives up the unsent messages that carried one (decision
 * 043). Runs where tokens end (account-access), before the Correos screen reads, and every few
 * minutes (main.ts housekeeping) for the links that simply expire. Writes nothing when nothing is due.
 */
export function endDeadLinks(db: Kysely<Database>): Promise<number> {
  return removeDeadLinks(db, nowIso());
}

/** The HTML of one message, with the same rule for its link. */
export async function outboxHtml(db: Kysely<Database>, reader: Actor, id: number): Promise<string> {
  await endDeadLinks(db);
  const row = await findOutbox(db, id);
  if (!row) throw new AppError(404, ERROR_CODES.notFound, MAIL_MESSAGES.notFound);
  return mayReadLink(row, reader) ? row.html : hideLink(row.html, row.link);
}

export async function outboxPage(
  db: Kysely<Database>,
  config: Config,
  reader: Actor,
  query: PageQuery & { status?: OutboxStatus | undefined },
): Promise<OutboxPage> {
  const { page, pageSize, offset } = pageBounds(query, 20);
  await endDeadLinks(db);
  const { rows, total } = await listOutbox(
    db,
    { status: query.status, q: query.q },
    { limit: pageSize, offset },
  );
  return {
    rows: rows.map((r) => shown(r, reader)),
    total,
    page,
    pageSize,
    smtp_configured: config.smtpUrl !== null,
  };
}

const linkGone = () => new AppError(409, ERROR_CODES.mailLinkGone, MAIL_MESSAGES.linkGone);

/**
 * Puts a message back in the queue; audited. A message whose single-use link was removed is refused
 * with a sentence that says to send a new access link (decision 043).
 */
export async function resendMail(db: Kysely<Database>, actor: Actor, id: number): Promise<OutboxMessage> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await findOutbox(trx, id);
    if (!before) throw new AppError(404, ERROR_CODES.notFound, MAIL_MESSAGES.notFound);
    // Its single-use link is no longer kept (sent, used, voided or expired): sending the message
    // again would mail a dead link, or nothing where the link was. A new link is a new message.
    if (before.link_removed_at !== null) throw linkGone();
    const after = await requeue(trx, id, nowIso());
    if (!after) {
      // Another request's sending or removal in between: say which.
      const now = await findOutbox(trx, id);
      if (now?.link_removed_at != null) throw linkGone();
      throw new AppError(409, ERROR_CODES.mailSending, MAIL_MESSAGES.sendingNow);
    }
    await audit(trx, {
      userId: actor.userId,
      action: 'resend',
      entity: 'outbox',
      entityId: id,
      before: { status: before.status, to: before.to_email, subject: before.subject },
      ip: actor.ip,
    });
    return after;
  });
  kickOutbox(db);
  return shown(row, actor);
}

/** What the sender reads and writes of the outbox (sender.ts). */
export { claimDue, finishAttempt, markAttemptStarted, type OutboxRow } from './repository';
