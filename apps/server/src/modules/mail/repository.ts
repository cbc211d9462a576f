import { MAIL_MESSAGES, type OutboxStatus } from '@evalua/contracts';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database, OutboxTable } from '../../db/schema';
import { likePattern } from '../../http/paging';

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;

/** Rows per INSERT: well under SQLite's 32,766 bound parameters (10 columns a row). */
const INSERT_CHUNK = 500;

export async function insertOutbox(db: Kysely<Database>, rows: readonly NewOutboxRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insertInto('outbox')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/**
 * Claims up to `limit` messages due now: waiting ones whose time has come, and sending ones whose
 * claim lapsed (their instance died mid-send). One statement; on PostgreSQL the rows are picked with
 * FOR UPDATE SKIP LOCKED, so two instances never claim the same row and never wait for each other.
 * SQLite has one writer at a time: the UPDATE … RETURNING is atomic by itself.
 */
export async function claimDue(
  db: Kysely<Database>,
  engine: Engine,
  now: string,
  claimUntil: string,
  limit: number,
): Promise<OutboxRow[]> {
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pendiente'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'enviando'), eb('claimed_until', '<', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  const picked = engine === 'postgres' ? due.forUpdate().skipLocked() : due;
  return db
    .updateTable('outbox')
    .set({
      status: 'enviando',
      claimed_until: claimUntil,
      attempts: sql<number>`attempts + 1`,
      // A lapsed claim whose attempt had begun (and never recorded its end): the SMTP server may
      // have accepted it, so this attempt may deliver it a second time (decision 044). SET reads
      // the row as it was before this statement on both engines.
      possible_duplicate: sql<number>`case when status = 'enviando' and attempt_started_at is not null then 1 else possible_duplicate end`,
      attempt_started_at: null,
    })
    .where('id', 'in', picked)
    .returningAll()
    .execute();
}

/**
 * Notes that this attempt is about to hand the message to the SMTP server (decision 044), only while
 * this claim still holds the row; false when it does not (then the message must not be sent).
 */
export async function markAttemptStarted(
  db: Kysely<Database>,
  id: number,
  claimedUntil: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ attempt_started_at: now })
    .where('id', '=', id)
    .where('status', '=', 'enviando')
    .where('claimed_until', '=', claimedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the end of one attempt, only while this claim still holds the row. The one place where a
 * message becomes 'enviado': whatever else must change then goes in this statement.
 */
export async function finishAttempt(
  db: Kysely<Database>,
  id: number,
  claimedUntil: string,
  result:
    | { status: 'enviado'; sentAt: string }
    | { status: 'pendiente'; error: string; nextAttemptAt: string }
    | { status: 'fallido'; error: string },
): Promise<void> {
  const set =
    result.status === 'enviado'
      ? {
          status: result.status,
          sent_at: result.sentAt,
          last_error: null,
          claimed_until: null,
          attempt_started_at: null,
          // The single-use link goes with the sending, in this same statement (decision 043).
          ...linkRemoved(MAIL_MESSAGES.linkSent, result.sentAt),
        }
      : result.status === 'pendiente'
        ? {
            status: result.status,
            last_error: result.error,
            next_attempt_at: result.nextAttemptAt,
            claimed_until: null,
            attempt_started_at: null,
          }
        : { status: result.status, last_error: result.error, claimed_until: null, attempt_started_at: null };
  await db
    .updateTable('outbox')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'enviando')
    .where('claimed_until', '=', claimedUntil)
    .execute();
}

/**
 * `column` with the row's link, as written and as HTML-escaped (how templates.ts puts it in the
 * HTML), replaced by `placeholder`; the column as it is when the row has no link. An UPDATE's SET
 * reads the row as it was before the statement on both engines.
 */
function withoutLink(column: 'text' | 'html', placeholder: RawBuilder<string> | string) {
  const escaped = sql<string>`replace(replace(replace(replace(replace(link, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
  return sql<string>`case when link is null then ${sql.ref(column)} else replace(replace(${sql.ref(column)}, link, ${placeholder}), ${escaped}, ${placeholder}) end`;
}

/** What an UPDATE sets to take a row's single-use link out of it (a row without one keeps all). */
function linkRemoved(placeholder: RawBuilder<string> | string, now: string) {
  return {
    text: withoutLink('text', placeholder),
    html: withoutLink('html', placeholder),
    link: null,
    token_hash: null,
    link_removed_at: sql<string | null>`case when link is null then link_removed_at else ${now} end`,
  };
}

/** Rows that hold a link whose token is no longer live (used, voided, expired or unknown), or that were sent. */
function deadLinks(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('outbox')
    .select('outbox.id')
    .where('outbox.link', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('outbox.status', '=', 'enviado'),
        eb('outbox.token_hash', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_tokens')
              .select('user_tokens.id')
              .whereRef('user_tokens.token_hash', '=', 'outbox.token_hash')
              .where('user_tokens.expires_at', '>', now),
          ),
        ),
      ]),
    );
}

/**
 * Takes every link whose token ended (used, voided by a newer link or by a change of the account,
 * expired) out of its message, '[enlace ya no válido]' in its place ('[enlace enviado]' for a sent
 * one). A message not sent yet is then not sent at all: 'fallido', with the reason — unless an
 * attempt is handing it to the SMTP server at this moment (its end is recorded as usual; if it
 * fails, the next pass gives it up). Reads first, so nothing is written when nothing is due.
 * Answers how many messages lost their link (decision 043).
 */
export async function removeDeadLinks(db: Kysely<Database>, now: string): Promise<number> {
  const due = await deadLinks(db, now).limit(1).execute();
  const waiting = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pendiente')
    .where('link_removed_at', 'is not', null)
    .limit(1)
    .execute();
  let removed = 0;
  if (due.length > 0) {
    const notStarted = sql<boolean>`(status = 'pendiente' or (status = 'enviando' and attempt_started_at is null))`;
    const result = await db
      .updateTable('outbox')
      .set({
        ...linkRemoved(
          sql<string>`case when status = 'enviado' then ${MAIL_MESSAGES.linkSent} else ${MAIL_MESSAGES.linkEnded} end`,
          now,
        ),
        status: sql<OutboxStatus>`case when ${notStarted} then 'fallido' else status end`,
        last_error: sql<
          string | null
        >`case when ${notStarted} then ${MAIL_MESSAGES.linkEndedNotSent} else last_error end`,
        claimed_until: sql<string | null>`case when ${notStarted} then null else claimed_until end`,
      })
      .where('id', 'in', deadLinks(db, now))
      .executeTakeFirst();
    removed = Number(result.numUpdatedRows);
  }
  if (waiting.length > 0) {
    await db
      .updateTable('outbox')
      .set({ status: 'fallido', last_error: MAIL_MESSAGES.linkEndedNotSent, claimed_until: null })
      .where('status', '=', 'pendiente')
      .where('link_removed_at', 'is not', null)
      .execute();
  }
  return removed;
}

/** Back in the queue, due now, with a fresh count of attempts (not while an instance sends it). */
export async function requeue(db: Kysely<Database>, id: number, now: string): Promise<OutboxRow | undefined> {
  // A message whose single-use link is gone is never sent again (decision 043).
  return db
    .updateTable('outbox')
    .set({
      status: 'pendiente',
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      last_error: null,
      sent_at: null,
    })
    .where('id', '=', id)
    .where('status', '!=', 'enviando')
    .where('link_removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function findOutbox(db: Kysely<Database>, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface OutboxFilter {
  status?: OutboxStatus | undefined;
  q?: string | undefined;
}

function filtered(db: Kysely<Database>, filter: OutboxFilter) {
  let q = db.selectFrom('outbox');
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.q) {
    const pattern = sql<string>`${likePattern(filter.q)} escape '\\'`;
    q = q.where((eb) =>
      eb.or(
        (['to_email', 'to_name', 'subject'] as const).map((column) =>
          eb(eb.fn('lower', [column]), 'like', pattern),
        ),
      ),
    );
  }
  return q;
}

/** A page of messages, newest first, and the count of all that match (one scan: a window count). */
export async function listOutbox(
  db: Kysely<Database>,
  filter: OutboxFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('full_count'))
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length > 0) {
    return { rows: rows.map(({ full_count: _count, ...row }) => row), total: Number(rows[0]!.full_count) };
  }
  // A page past the end: the count alone.
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: [], total: Number(row.n) };
}
