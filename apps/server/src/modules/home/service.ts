import type { MyPending } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nominationsPending, v1Pending, v2Pending } from './repository';

export { firstSteps } from './repository';

/** The start page's pending work of one person (issue 30 §2): only their own, whatever their role. */
export async function myPending(db: Kysely<Database>, userId: number): Promise<MyPending> {
  const [v1, v2, nominations] = await Promise.all([
    v1Pending(db, userId),
    v2Pending(db, userId),
    nominationsPending(db, userId),
  ]);
  return { v1, v2, ...nominations };
}
