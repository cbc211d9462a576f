import type { DashboardMetrics } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { StampedCache } from '../../../db/stamps';
import { overdueV2Pending, v1DashboardFigures, type V1DashboardFigures } from './repository';

/** The figures computed now, bypassing the cache (tests compare the served ones with them). */
export { dashboardMetrics as computeMetrics } from './repository';

/**
 * The V1 figures change only with users and the V1 tables (evaluations, assignments, submissions),
 * the overdue 360 count with users and the 360 tables; both also with the day (what is overdue): each
 * is computed once per day and served while its stamps are unchanged (decisions 032, 033). Two keys
 * each, so that requests around midnight do not evict each other.
 */
const v1Cache = new StampedCache<V1DashboardFigures>(['users', 'v1'], 2);
const v2Cache = new StampedCache<number>(['users', 'v2'], 2);

/**
 * The dashboard's figures on `today` (YYYY-MM-DD in the organisation's time zone: `dayIn(timeZone)`;
 * definitions: docs/decisions/015 and 033).
 */
export async function metrics(db: Kysely<Database>, today: string): Promise<DashboardMetrics> {
  const v1 = await v1Cache.get(db, `dashboard:${today}`, () => v1DashboardFigures(db, today));
  const overdueV2 = await v2Cache.get(db, `overdue-v2:${today}`, () => overdueV2Pending(db, today));
  return { ...v1, overdue_v2_pending: overdueV2 };
}
