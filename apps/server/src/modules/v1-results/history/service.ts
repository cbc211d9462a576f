import { USER_MESSAGES } from '@evalua/contracts';
import type { EvaluationHistoryRow, HistoryCollaborator, PageQuery, Paged } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { listOrPage } from '../../../http/paging';
import { findUserById } from '../../users';
import { listCollaboratorsWithHistory, listEvaluationHistory } from './repository';

/** People with at least one V1 result: all of them, or the page asked for. */
export function collaboratorsWithHistory(
  db: Kysely<Database>,
  query: PageQuery,
): Promise<HistoryCollaborator[] | Paged<HistoryCollaborator>> {
  return listOrPage(query, (slice) => listCollaboratorsWithHistory(db, slice));
}

/**
 * One person's evaluations, newest first; the person themself (`asPerson`) reads only those released
 * to them (decision 050). Someone reading another person's history (admin, HR) is
 * told when that person does not exist; reading one's own needs no such check.
 */
export async function evaluationHistory(
  db: Kysely<Database>,
  userId: number,
  viewerId: number,
  asPerson: boolean,
): Promise<EvaluationHistoryRow[]> {
  if (viewerId !== userId && !(await findUserById(db, userId))) throw notFound(USER_MESSAGES.notFound);
  return listEvaluationHistory(db, userId, asPerson);
}
