import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared';
import type { Database } from '../../db/schema';

/**
 * GET /api/users/me in one statement: the user's row and whether they evaluate anyone in a 360
 * evaluation that raters can see (open or closed; a draft is not shown to raters) — the colaborador's
 * menu shows 'Realizar Evaluación (V2)' only then. Prepared: the web app asks on every page load.
 */
const meQuery = preparedQuery((db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('v2_assignments as a')
            .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
            .select('a.id')
            .whereRef('a.evaluator_id', '=', 'u.id')
            .where('e.status', '!=', 'draft'),
        )
        .as('has_v2_assignments'),
    )
    .where('u.id', '=', userId),
);

export async function findMe(db: Kysely<Database>, userId: number) {
  const [row] = await meQuery(db, userId);
  // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
  return row ? { ...row, has_v2_assignments: Number(row.has_v2_assignments) === 1 } : undefined;
}
