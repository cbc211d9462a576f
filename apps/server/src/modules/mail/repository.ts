import type { OutboxStatus } from '@evalua/contracts';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
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
    .set({ status: 'enviando', claimed_until: claimUntil, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', picked)
    .returningAll()
    .execute();
}

/** Records the end of one attempt, only while this claim still holds the row. */
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
      ? { status: result.status, sent_at: result.sentAt, last_error: null, claimed_until: null }
      : result.status === 'pendiente'
        ? {
            status: result.status,
            last_error: result.error,
            next_attempt_at: result.nextAttemptAt,
            claimed_until: null,
          }
        : { status: result.status, last_error: result.error, claimed_until: null };
  await db
    .updateTable('outbox')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'enviando')
    .where('claimed_until', '=', claimedUntil)
    .execute();
}

/** Back in the queue, due now, with a fresh count of attempts (not while an instance sends it). */
export async function requeue(db: Kysely<Database>, id: number, now: string): Promise<OutboxRow | undefined> {
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
