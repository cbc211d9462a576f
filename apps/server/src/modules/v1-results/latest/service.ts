import { LATEST_RESULT_MESSAGES, type EvaluatedResult, type LatestResult } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { findLatestResult, listEvaluatedBy } from './repository';

/** Every submission of one evaluator, newest first. */
export function evaluatedBy(db: Kysely<Database>, evaluatorId: number): Promise<EvaluatedResult[]> {
  return listEvaluatedBy(db, evaluatorId);
}

/**
 * The user's latest evaluation, averaged over its evaluators; 404 when they have none. The person
 * themself (`asPerson`) reads only results released to them (decision 050).
 */
export async function latestResult(
  db: Kysely<Database>,
  userId: number,
  asPerson: boolean,
): Promise<LatestResult> {
  const latest = await findLatestResult(db, userId, asPerson);
  if (!latest) throw notFound(LATEST_RESULT_MESSAGES.none);
  return latest;
}
