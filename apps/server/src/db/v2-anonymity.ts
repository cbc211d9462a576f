import { V2_RESULT_READER_ROLES } from '@evalua/contracts';
import { sql, type RawBuilder } from 'kysely';

/**
 * The one server rule of whose 360 answers count toward an anonymity threshold when results are read
 * (decisions 023, 038 and 041), for queries that join the response as `r` (v2_responses) and its rater
 * as `u` (users). Results, their PDF and Excel, the insight, snapshots and the summary all read it here.
 *
 * A response counts when it was stamped so (`r.counts_for_anonymity`: set at submit by who the rater
 * was then, and cleared at close for results readers), its rater cannot read results now (a rater
 * promoted to HR knows their old answers) and the rater is not the reader (`knownRater`: a manager
 * reading their report's results knows their own answers; 0 for nobody). It may be a prepared query's
 * placeholder (db/prepared.ts).
 */
export function countsTowardAnonymity(knownRater: number): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref('r.counts_for_anonymity')} = 1 and ${sql.ref('u.role')} not in (${sql.join(
    V2_RESULT_READER_ROLES,
  )}) and ${sql.ref('r.evaluator_id')} <> ${knownRater})`;
}

/** The value of countsTowardAnonymity as a driver answers it (PostgreSQL: boolean; SQLite: 0/1), in or out of JSON. */
export function countsValue(value: unknown): boolean {
  return value === true || Number(value) === 1;
}
