import { v1ResultsReleased } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * The one SQL form of "the person reads this V1 result" (decision 050; `v1ResultsReleased` in the
 * contracts is the same rule on one row), for queries that join the evaluation as `e` and the
 * submission as `s`: a round released on submit, a round HR released, or a release to that person.
 */
export const releasedToPerson = sql<boolean>`(e.release_mode = 'al_enviar' or e.released_at is not null or exists (
  select 1 from v1_person_releases pr
  where pr.evaluation_id = e.id and pr.collaborator_id = s.collaborator_id))`;

/** Whether the person reads their results of this evaluation (decision 050); false if it does not exist. */
export async function releasedTo(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('evaluations as e')
    .leftJoin('v1_person_releases as pr', (join) =>
      join.onRef('pr.evaluation_id', '=', 'e.id').on('pr.collaborator_id', '=', userId),
    )
    .select(['e.release_mode', 'e.released_at', 'pr.released_at as person_released_at'])
    .where('e.id', '=', evaluationId)
    .executeTakeFirst();
  return row !== undefined && v1ResultsReleased(row, row.person_released_at !== null);
}
