import { COUNTS_STAMP, V2_RESULT_READER_ROLES } from '@evalua/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Engine } from './connection';
import type { Database } from './schema';

/**
 * The stamps of decision 040 on `v2_responses.counts_for_anonymity`, written where the account's
 * standing changes (users, account access) and at submit (v2-answers). Here, not in one module's
 * repository, because the users module must not depend on the 360 modules (they depend on it).
 */

/**
 * A response's stamp at submit, from its rater as they are now (COUNTS_STAMP): never when they read
 * results or HR could know their password; pending when the password came through a link to an
 * address no administrator confirmed; counts otherwise.
 */
export function submitStamp(eb: ExpressionBuilder<Database, 'v2_responses'>, evaluatorId: number) {
  return eb
    .selectFrom('users')
    .select((u) =>
      u
        .case()
        .when(u.or([u('role', 'in', V2_RESULT_READER_ROLES), u('password_known_to_hr', '=', 1)]))
        .then(COUNTS_STAMP.never)
        .when(u.and([u('password_via_link', '=', 1), u('email_confirmed', '=', 0)]))
        .then(COUNTS_STAMP.pendingEmail)
        .else(COUNTS_STAMP.counts)
        .end()
        .as('counts'),
    )
    .where('id', '=', evaluatorId);
}

/**
 * The not-closed evaluations where this rater has pending responses, locked against a close on
 * PostgreSQL (FOR SHARE: a close in flight commits first and is then seen as closed; SQLite has one
 * writer). A response must never change whether it counts once its evaluation closed (decision 023
 * rule 4: a view only shrinks).
 */
async function openEvaluationsWithPending(
  db: Kysely<Database>,
  engine: Engine,
  userId: number,
): Promise<number[]> {
  let q = db
    .selectFrom('v2_evaluations')
    .select('id')
    .where('status', '<>', 'closed')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('v2_assignments as a')
        .innerJoin('v2_responses as r', 'r.assignment_id', 'a.id')
        .select('a.evaluation_id')
        .where('r.evaluator_id', '=', userId)
        .where('r.counts_for_anonymity', '=', COUNTS_STAMP.pendingEmail),
    )
    .orderBy('id');
  if (engine === 'postgres') q = q.forShare();
  return (await q.execute()).map((r) => r.id);
}

async function restampPending(
  db: Kysely<Database>,
  engine: Engine,
  userId: number,
  to: number,
): Promise<number> {
  const evaluations = await openEvaluationsWithPending(db, engine, userId);
  if (evaluations.length === 0) return 0;
  const result = await db
    .updateTable('v2_responses')
    .set({ counts_for_anonymity: to })
    .where('evaluator_id', '=', userId)
    .where('counts_for_anonymity', '=', COUNTS_STAMP.pendingEmail)
    .where('assignment_id', 'in', (eb) =>
      eb.selectFrom('v2_assignments').select('id').where('evaluation_id', 'in', evaluations),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An administrator confirmed the rater's address: their pending answers in open evaluations count. */
export function confirmPendingAnswers(db: Kysely<Database>, engine: Engine, userId: number): Promise<number> {
  return restampPending(db, engine, userId, COUNTS_STAMP.counts);
}

/**
 * The rater's address changed before anyone confirmed it: their pending answers (given with a
 * password chosen through a link to the old address) never count.
 */
export function endPendingAnswers(db: Kysely<Database>, engine: Engine, userId: number): Promise<number> {
  return restampPending(db, engine, userId, COUNTS_STAMP.never);
}
