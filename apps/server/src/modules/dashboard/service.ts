import type { DashboardMetrics } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { StampedCache } from '../../db/stamps';
import { dashboardMetrics } from './repository';

/** The figures computed now, bypassing the cache (tests compare the served ones with them). */
export { dashboardMetrics as computeMetrics } from './repository';

/**
 * The figures change only with users and the V1 tables (evaluations, assignments, submissions):
 * computed once, then served while their stamps are unchanged (decision 032).
 */
const cache = new StampedCache<DashboardMetrics>(['users', 'v1'], 1);

/** The dashboard's figures (definitions: docs/decisions/015). */
export function metrics(db: Kysely<Database>): Promise<DashboardMetrics> {
  return cache.get(db, 'dashboard', () => dashboardMetrics(db));
}
