import type { V2PersonRelease, V2TeamResult } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import { onPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { likePattern } from '../../http/paging';

/** The reads and writes of releasing 360 results (decision 038). */

export interface EvaluationRelease {
  status: string;
  evaluatee: boolean;
  manager: boolean;
}

export async function findEvaluationRelease(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<EvaluationRelease | undefined> {
  const row = await db
    .selectFrom('v2_evaluations')
    .select(['status', 'release_evaluatee', 'release_manager'])
    .where('id', '=', evaluationId)
    .executeTakeFirst();
  return (
    row && { status: row.status, evaluatee: row.release_evaluatee === 1, manager: row.release_manager === 1 }
  );
}

export async function countOverrides(db: Kysely<Database>, evaluationId: number): Promise<number> {
  const row = await db
    .selectFrom('v2_result_releases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('evaluation_id', '=', evaluationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateEvaluationRelease(
  db: Kysely<Database>,
  evaluationId: number,
  release: { evaluatee: boolean; manager: boolean },
): Promise<void> {
  await db
    .updateTable('v2_evaluations')
    .set({ release_evaluatee: release.evaluatee ? 1 : 0, release_manager: release.manager ? 1 : 0 })
    .where('id', '=', evaluationId)
    .execute();
}

/** A person's own choice: written, or removed when both follow the evaluation. */
export async function writePersonRelease(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  own: { evaluatee: boolean | null; manager: boolean | null },
): Promise<void> {
  await db
    .deleteFrom('v2_result_releases')
    .where('evaluation_id', '=', evaluationId)
    .where('user_id', '=', userId)
    .execute();
  if (own.evaluatee === null && own.manager === null) return;
  const flag = (v: boolean | null) => (v === null ? null : v ? 1 : 0);
  await db
    .insertInto('v2_result_releases')
    .values({
      evaluation_id: evaluationId,
      user_id: userId,
      release_evaluatee: flag(own.evaluatee),
      release_manager: flag(own.manager),
    })
    .execute();
}

/** Whether `userId` is rated in the evaluation (has an assignment as evaluatee). */
export async function isEvaluatee(db: Kysely<Database>, evaluationId: number, userId: number) {
  const row = await db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', evaluationId)
    .where('evaluatee_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The evaluatees of an evaluation with their release, by name, searchable by name (case-insensitive as
 * the users list: the stored lower-case copies on PostgreSQL), one page and the total.
 */
export async function listPersonReleases(
  db: Kysely<Database>,
  evaluationId: number,
  filter: { q?: string | undefined; userId?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: V2PersonRelease[]; total: number }> {
  const base = () => {
    let q = db
      .selectFrom('users as u')
      .innerJoin('v2_evaluations as e', (join) => join.on('e.id', '=', evaluationId))
      .leftJoin('users as m', 'm.id', 'u.manager_id')
      .leftJoin('v2_result_releases as rr', (join) =>
        join.onRef('rr.user_id', '=', 'u.id').on('rr.evaluation_id', '=', evaluationId),
      )
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('v2_assignments as a')
            .select('a.id')
            .whereRef('a.evaluatee_id', '=', 'u.id')
            .where('a.evaluation_id', '=', evaluationId),
        ),
      );
    if (filter.userId !== undefined) q = q.where('u.id', '=', filter.userId);
    if (filter.q) {
      const column = onPostgres(db) ? sql.ref('u.name_key') : sql.ref('u.name');
      q = q.where(column, 'like', sql<string>`${likePattern(filter.q)} escape '\\'`);
    }
    return q;
  };
  const rows = await base()
    .select((eb) => [
      'u.id as user_id',
      'u.name',
      'u.department',
      'u.position',
      'm.name as manager_name',
      'rr.release_evaluatee as own_evaluatee',
      'rr.release_manager as own_manager',
      'e.release_evaluatee',
      'e.release_manager',
      eb.fn.countAll<number>().over().as('total'),
    ])
    .orderBy('u.name')
    .orderBy('u.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // A page past the end has no row to carry the window count.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page.offset === 0
        ? 0
        : Number(
            (
              await base()
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
  const bool = (v: number | null) => (v === null ? null : v === 1);
  return {
    rows: rows.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      department: r.department,
      position: r.position,
      manager_name: r.manager_name,
      own: { evaluatee: bool(r.own_evaluatee), manager: bool(r.own_manager) },
      evaluatee: (r.own_evaluatee ?? r.release_evaluatee) === 1,
      manager: (r.own_manager ?? r.release_manager) === 1,
    })),
    total,
  };
}

/**
 * What holds for one person: whether the evaluation is closed, and whether their results are shared
 * with them and with their manager; and whether `readerId` is their manager — the person they report
 * to ('Reporta a'), or the evaluation's 'manager' rater for them whose request was not declined.
 * Undefined: no such evaluation.
 */
export async function releaseFor(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  readerId: number,
): Promise<{ closed: boolean; evaluatee: boolean; manager: boolean; readerIsManager: boolean } | undefined> {
  const row = await db
    .selectFrom('v2_evaluations as e')
    .leftJoin('v2_result_releases as rr', (join) =>
      join.onRef('rr.evaluation_id', '=', 'e.id').on('rr.user_id', '=', userId),
    )
    .leftJoin('users as u', (join) => join.on('u.id', '=', userId))
    .select((eb) => [
      'e.status',
      eb.fn.coalesce('rr.release_evaluatee', 'e.release_evaluatee').as('evaluatee'),
      eb.fn.coalesce('rr.release_manager', 'e.release_manager').as('manager'),
      'u.manager_id',
      eb
        .exists(
          eb
            .selectFrom('v2_assignments as a')
            .select('a.id')
            .whereRef('a.evaluation_id', '=', 'e.id')
            .where('a.evaluatee_id', '=', userId)
            .where('a.evaluator_id', '=', readerId)
            .where('a.relation', '=', 'manager')
            // A declined request ('No soy su jefe') grants nothing; a removed one no longer exists (decision 041).
            .where('a.status', '!=', 'declined'),
        )
        .as('rates_as_manager'),
    ])
    .where('e.id', '=', evaluationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    closed: row.status === 'closed',
    evaluatee: Number(row.evaluatee) === 1,
    manager: Number(row.manager) === 1,
    readerIsManager: row.manager_id === readerId || Boolean(row.rates_as_manager),
  };
}

/**
 * The closed 360s of the people who report to `readerId` (their 'Reporta a', or whom the reader was
 * asked to rate as manager there and did not decline), each with whether it is released to their manager; newest first, then by name.
 */
export async function listTeamResults(db: Kysely<Database>, readerId: number): Promise<V2TeamResult[]> {
  const rows = await db
    .selectFrom('v2_evaluations as e')
    .innerJoin('users as u', (join) =>
      join.on((eb) =>
        eb.exists(
          eb
            .selectFrom('v2_assignments as a')
            .select('a.id')
            .whereRef('a.evaluation_id', '=', 'e.id')
            .whereRef('a.evaluatee_id', '=', 'u.id')
            .where('a.status', '=', 'completed'),
        ),
      ),
    )
    .leftJoin('v2_result_releases as rr', (join) =>
      join.onRef('rr.evaluation_id', '=', 'e.id').onRef('rr.user_id', '=', 'u.id'),
    )
    .select((eb) => [
      'e.id as evaluation_id',
      'e.name as evaluation_name',
      'e.period',
      'u.id as evaluatee_id',
      'u.name as evaluatee_name',
      'u.department',
      'u.position',
      eb.fn.coalesce('rr.release_manager', 'e.release_manager').as('released'),
    ])
    .where('e.status', '=', 'closed')
    .where('u.id', '<>', readerId)
    .where((eb) =>
      eb.or([
        eb('u.manager_id', '=', readerId),
        eb.exists(
          eb
            .selectFrom('v2_assignments as m')
            .select('m.id')
            .whereRef('m.evaluation_id', '=', 'e.id')
            .whereRef('m.evaluatee_id', '=', 'u.id')
            .where('m.evaluator_id', '=', readerId)
            .where('m.relation', '=', 'manager')
            .where('m.status', '!=', 'declined'),
        ),
      ]),
    )
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .orderBy('u.name')
    .orderBy('u.id')
    .limit(2000)
    .execute();
  return rows.map((r) => ({ ...r, released: Number(r.released) === 1 }));
}
