import type { Person, V2NominationStatus, V2NomineeInput, V2NomineeRelation } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { onPostgres } from '../../db/dialect';
import { likePattern } from '../../http/paging';
import { nowIso } from '../../time';

const CHUNK = 500;

/** The people search: active users by name, department or position; never their e-mail. */
export async function searchPeople(
  db: Kysely<Database>,
  q: string | undefined,
  limit: number,
): Promise<Person[]> {
  let query = db.selectFrom('users').select(['id', 'name', 'department', 'position']).where('active', '=', 1);
  if (q) {
    const p = likePattern(q);
    const col = (c: 'name' | 'department' | 'position') =>
      c === 'name' && onPostgres(db) ? sql.ref('name_key') : sql`lower(${sql.ref(c)})`;
    query = query.where((eb) =>
      eb.or([
        eb(col('name'), 'like', sql`${p} escape '\\'`),
        eb(col('department'), 'like', sql`${p} escape '\\'`),
        eb(col('position'), 'like', sql`${p} escape '\\'`),
      ]),
    );
  }
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}

export async function peopleByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, Person>> {
  const out = new Map<number, Person>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'name', 'department', 'position'])
      .where('id', 'in', ids.slice(i, i + 5000))
      .execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

export async function userState(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; active: number; manager_id: number | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'active', 'manager_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function activeIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 5000))
      .where('active', '=', 1)
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Active users who have a 'Reporta a'. */
export async function activeIdsWithManager(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('active', '=', 1)
    .where('manager_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Every evaluatee of the evaluation with their active manager ('Reporta a'), if any. */
export async function evaluateesWithManagers(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<Array<{ evaluatee_id: number; manager_id: number }>> {
  return db
    .selectFrom('users as u')
    .innerJoin('users as m', 'm.id', 'u.manager_id')
    .select(['u.id as evaluatee_id', 'm.id as manager_id'])
    .where('m.active', '=', 1)
    .where('u.id', 'in', (eb) =>
      eb.selectFrom('v2_assignments').select('evaluatee_id').where('evaluation_id', '=', evaluationId),
    )
    .orderBy('u.id')
    .execute();
}

export interface NominationSettingsRow {
  id: number;
  name: string;
  status: string;
  nominations_enabled: number;
  nominations_min: number | null;
  nominations_max: number | null;
}

export async function evaluationSettings(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<NominationSettingsRow | undefined> {
  return db
    .selectFrom('v2_evaluations')
    .select(['id', 'name', 'status', 'nominations_enabled', 'nominations_min', 'nominations_max'])
    .where('id', '=', evaluationId)
    .executeTakeFirst();
}

export async function updateSettings(
  db: Kysely<Database>,
  evaluationId: number,
  settings: { enabled: boolean; min: number | null; max: number | null },
): Promise<void> {
  await db
    .updateTable('v2_evaluations')
    .set({
      nominations_enabled: settings.enabled ? 1 : 0,
      nominations_min: settings.min,
      nominations_max: settings.max,
    })
    .where('id', '=', evaluationId)
    .execute();
}

export interface ParticipantRow {
  nomination_id: number;
  evaluatee_id: number;
  name: string;
  department: string | null;
  position: string | null;
  manager_name: string | null;
  status: V2NominationStatus;
  nominee_count: number | string;
}

export async function participantsOf(db: Kysely<Database>, evaluationId: number): Promise<ParticipantRow[]> {
  return db
    .selectFrom('v2_nominations as n')
    .innerJoin('users as u', 'u.id', 'n.evaluatee_id')
    .leftJoin('users as m', 'm.id', 'u.manager_id')
    .select((eb) => [
      'n.id as nomination_id',
      'n.evaluatee_id',
      'u.name',
      'u.department',
      'u.position',
      'm.name as manager_name',
      'n.status',
      eb
        .selectFrom('v2_nominees as x')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('x.nomination_id', '=', 'n.id')
        .as('nominee_count'),
    ])
    .where('n.evaluation_id', '=', evaluationId)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute() as Promise<ParticipantRow[]>;
}

/** Adds these evaluatees as participants; those already there are skipped. Answers how many it added. */
export async function insertParticipants(
  db: Kysely<Database>,
  evaluationId: number,
  evaluateeIds: readonly number[],
): Promise<number> {
  const now = nowIso();
  let added = 0;
  const sorted = [...evaluateeIds].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const rows = await db
      .insertInto('v2_nominations')
      .values(
        sorted.slice(i, i + CHUNK).map((id) => ({
          evaluation_id: evaluationId,
          evaluatee_id: id,
          status: 'borrador' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['evaluation_id', 'evaluatee_id']).doNothing())
      .returning('id')
      .execute();
    added += rows.length;
  }
  return added;
}

export interface NominationRow {
  id: number;
  evaluation_id: number;
  evaluatee_id: number;
  status: V2NominationStatus;
  submitted_at: string | null;
  approved_at: string | null;
}

const nominationColumns = [
  'id',
  'evaluation_id',
  'evaluatee_id',
  'status',
  'submitted_at',
  'approved_at',
] as const;

export async function findNomination(
  db: Kysely<Database>,
  id: number,
  lock?: Engine,
): Promise<NominationRow | undefined> {
  let q = db.selectFrom('v2_nominations').select(nominationColumns).where('id', '=', id);
  if (lock === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findParticipant(
  db: Kysely<Database>,
  evaluationId: number,
  evaluateeId: number,
  lock?: Engine,
): Promise<NominationRow | undefined> {
  let q = db
    .selectFrom('v2_nominations')
    .select(nominationColumns)
    .where('evaluation_id', '=', evaluationId)
    .where('evaluatee_id', '=', evaluateeId);
  if (lock === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function deleteNomination(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('v2_nominations').where('id', '=', id).where('status', '!=', 'aprobada').execute();
}

/** The nominations of an evaluatee (own) or of people reporting to a manager, with their settings. */
export async function nominationsWhere(
  db: Kysely<Database>,
  filter: { evaluateeId: number } | { managerId: number },
): Promise<NominationRow[]> {
  let q = db
    .selectFrom('v2_nominations as n')
    .innerJoin('v2_evaluations as e', 'e.id', 'n.evaluation_id')
    .innerJoin('users as u', 'u.id', 'n.evaluatee_id')
    .select(['n.id', 'n.evaluation_id', 'n.evaluatee_id', 'n.status', 'n.submitted_at', 'n.approved_at'])
    .where('e.nominations_enabled', '=', 1)
    .where('e.status', '!=', 'closed');
  if ('evaluateeId' in filter) q = q.where('n.evaluatee_id', '=', filter.evaluateeId);
  else q = q.where('u.manager_id', '=', filter.managerId).where('n.status', '!=', 'borrador');
  return q.orderBy('n.evaluation_id', 'desc').orderBy('u.name').orderBy('n.id').execute();
}

export async function nomineesOf(
  db: Kysely<Database>,
  nominationIds: readonly number[],
): Promise<Array<{ nomination_id: number; nominee_id: number; relation: V2NomineeRelation }>> {
  if (nominationIds.length === 0) return [];
  return db
    .selectFrom('v2_nominees as x')
    .innerJoin('users as u', 'u.id', 'x.nominee_id')
    .select(['x.nomination_id', 'x.nominee_id', 'x.relation'])
    .where('x.nomination_id', 'in', [...nominationIds])
    .orderBy('u.name')
    .orderBy('x.nominee_id')
    .execute();
}

export async function replaceNominees(
  db: Kysely<Database>,
  nominationId: number,
  nominees: readonly V2NomineeInput[],
): Promise<void> {
  await db.deleteFrom('v2_nominees').where('nomination_id', '=', nominationId).execute();
  if (nominees.length === 0) return;
  await db
    .insertInto('v2_nominees')
    .values(
      nominees.map((n) => ({ nomination_id: nominationId, nominee_id: n.nominee_id, relation: n.relation })),
    )
    .execute();
}

/**
 * Moves the nomination to `status` unless it is approved already; answers whether it moved (a
 * concurrent approval that got there first leaves it unchanged).
 */
export async function setNominationStatus(
  db: Kysely<Database>,
  id: number,
  status: V2NominationStatus,
  approvedBy?: number,
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('v2_nominations')
    .set({
      status,
      updated_at: now,
      ...(status === 'enviada' ? { submitted_at: now } : {}),
      ...(status === 'aprobada' ? { approved_at: now, approved_by: approvedBy ?? null } : {}),
    })
    .where('id', '=', id)
    .where('status', '!=', 'aprobada')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchNomination(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('v2_nominations').set({ updated_at: nowIso() }).where('id', '=', id).execute();
}
