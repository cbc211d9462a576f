import type { MyV2Result } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The closed 360 evaluations in which `userId` was rated by at least one completed assignment
 * (self-evaluations count too), newest first: what the person may open in 'Mis resultados 360'.
 */
export async function myV2Results(db: Kysely<Database>, userId: number): Promise<MyV2Result[]> {
  return db
    .selectFrom('v2_evaluations as e')
    .select(['e.id as evaluation_id', 'e.name as evaluation_name', 'e.period'])
    .where('e.status', '=', 'closed')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('v2_assignments as a')
          .select('a.id')
          .whereRef('a.evaluation_id', '=', 'e.id')
          .where('a.evaluatee_id', '=', userId)
          .where('a.status', '=', 'completed'),
      ),
    )
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
}
