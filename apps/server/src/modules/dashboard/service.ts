import type { DashboardMetrics } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dashboardMetrics } from './repository';

/** The dashboard's figures (definitions: docs/decisions/015). */
export function metrics(db: Kysely<Database>): Promise<DashboardMetrics> {
  return dashboardMetrics(db);
}
