import type { Assignment, AvailableCollaborator, AvailableFilter, Role } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { likePattern } from '../../http/paging';
import { nowIso } from '../../time';

export async function isAssignedTo(
  db: Kysely<Database>,
  evaluatorId: number,
  collaboratorId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('evaluator_id', '=', evaluatorId)
    .where('collaborator_id', '=', collaboratorId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Assignments with their collaborator, whether this evaluator has evaluated them, and the due date of
 * the collaborator's category's current evaluation (its open one: at most one, by a unique index).
 */
function assignmentRows(db: Kysely<Database>) {
  return db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.collaborator_id')
    .leftJoin('evaluations as open_eval', (join) =>
      join.onRef('open_eval.category_id', '=', 'users.category_id').on('open_eval.status', '=', 'abierta'),
    )
    .select((eb) => [
      'assignments.id',
      'assignments.evaluator_id',
      'assignments.collaborator_id',
      'users.name as collaborator_name',
      'users.email',
      'users.position',
      'users.department',
      'users.category_id',
      eb
        .exists(
          eb
            .selectFrom('v1_submissions as s')
            .select('s.id')
            .whereRef('s.collaborator_id', '=', 'assignments.collaborator_id')
            .whereRef('s.evaluator_id', '=', 'assignments.evaluator_id'),
        )
        .as('evaluated'),
      'open_eval.due_date',
    ]);
}

type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentRows>['executeTakeFirstOrThrow']>>;

// SQLite answers 0/1, PostgreSQL true/false.
const toAssignment = (r: AssignmentRow): Assignment => ({ ...r, evaluated: Boolean(Number(r.evaluated)) });

export async function listAssignments(db: Kysely<Database>, evaluatorId: number): Promise<Assignment[]> {
  const rows = await assignmentRows(db)
    .where('assignments.evaluator_id', '=', evaluatorId)
    .orderBy('users.name')
    .orderBy('assignments.id')
    .execute();
  return rows.map(toAssignment);
}

export async function findAssignmentView(db: Kysely<Database>, id: number): Promise<Assignment | undefined> {
  const row = await assignmentRows(db).where('assignments.id', '=', id).executeTakeFirst();
  return row ? toAssignment(row) : undefined;
}

export async function findAssignment(db: Kysely<Database>, id: number) {
  return db.selectFrom('assignments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAssignment(db: Kysely<Database>, evaluatorId: number, collaboratorId: number) {
  return db
    .insertInto('assignments')
    .values({ evaluator_id: evaluatorId, collaborator_id: collaboratorId, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function deleteAssignment(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('assignments').where('id', '=', id).execute();
}

/**
 * Active non-admin users not yet assigned to the evaluator (and not the evaluator), narrowed by the
 * name search, the category and the department (decision 057).
 */
function availableBase(db: Kysely<Database>, evaluatorId: number, filter: AvailableFilter) {
  let base = db
    .selectFrom('users')
    .leftJoin('categories', 'categories.id', 'users.category_id')
    .where('users.role', '!=', 'admin')
    .where('users.active', '=', 1)
    .where('users.id', '!=', evaluatorId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('assignments')
            .select('assignments.id')
            .whereRef('assignments.collaborator_id', '=', 'users.id')
            .where('assignments.evaluator_id', '=', evaluatorId),
        ),
      ),
    );
  if (filter.q) base = base.where(sql<boolean>`lower(users.name) like ${likePattern(filter.q)} escape '\\'`);
  if (filter.category_id !== undefined) base = base.where('users.category_id', '=', filter.category_id);
  if (filter.department) base = base.where('users.department', '=', filter.department);
  return base;
}

/** A page of the people available to an evaluator, with the total, paged in SQL. */
export async function listAvailable(
  db: Kysely<Database>,
  evaluatorId: number,
  filter: AvailableFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AvailableCollaborator[]; total: number }> {
  const base = availableBase(db, evaluatorId, filter);
  const [rows, count] = await Promise.all([
    base
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.position',
        'users.department',
        'users.category_id',
        'categories.name as category_name',
        'users.role',
      ])
      .orderBy('users.name')
      .orderBy('users.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // users.role holds only ROLES: every call that writes it validates it.
  return { rows: rows.map((r) => ({ ...r, role: r.role as Role })), total: Number(count.n) };
}

/** The ids of every person available to the evaluator that the filter matches (at most `limit`). */
export async function availableIds(
  db: Kysely<Database>,
  evaluatorId: number,
  filter: AvailableFilter,
  limit: number,
): Promise<number[]> {
  const rows = await availableBase(db, evaluatorId, filter)
    .select('users.id')
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The departments of active non-admin people, distinct and sorted. */
export async function listDepartments(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('department')
    .distinct()
    .where('role', '!=', 'admin')
    .where('active', '=', 1)
    .where('department', 'is not', null)
    .where('department', '!=', '')
    .orderBy('department')
    .execute();
  return rows.flatMap((r) => (r.department ? [r.department] : []));
}

/** Role and standing of the given users (the ones that exist). */
export async function usersStanding(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'role', 'active']).where('id', 'in', ids).execute();
}

const INSERT_CHUNK = 300;

/** Inserts the pairs that do not exist yet (a concurrent insert of one is skipped): the new rows. */
export async function insertMissingPairs(
  db: Kysely<Database>,
  pairs: readonly { evaluator_id: number; collaborator_id: number }[],
): Promise<{ id: number; evaluator_id: number; collaborator_id: number }[]> {
  const created: { id: number; evaluator_id: number; collaborator_id: number }[] = [];
  const at = nowIso();
  for (let i = 0; i < pairs.length; i += INSERT_CHUNK) {
    const chunk = pairs.slice(i, i + INSERT_CHUNK).map((p) => ({ ...p, created_at: at }));
    created.push(
      ...(await db
        .insertInto('assignments')
        .values(chunk)
        .onConflict((oc) => oc.columns(['evaluator_id', 'collaborator_id']).doNothing())
        .returning(['id', 'evaluator_id', 'collaborator_id'])
        .execute()),
    );
  }
  return created;
}

/**
 * Active non-admin people with a 'Reporta a' (only those reporting to `evaluatorId` when given), with
 * whether that manager is an active evaluador, and whether the pair is already assigned.
 */
export async function reportsToPairs(db: Kysely<Database>, evaluatorId: number | undefined) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('users as m', 'm.id', 'u.manager_id')
    .where('u.role', '!=', 'admin')
    .where('u.active', '=', 1)
    .whereRef('m.id', '!=', 'u.id')
    .select((eb) => [
      'u.id as collaborator_id',
      'm.id as evaluator_id',
      eb
        .and([eb('m.role', '=', 'evaluador'), eb('m.active', '=', 1)])
        .$castTo<boolean | number>()
        .as('manager_ok'),
      eb
        .exists(
          eb
            .selectFrom('assignments as a')
            .select('a.id')
            .whereRef('a.evaluator_id', '=', 'm.id')
            .whereRef('a.collaborator_id', '=', 'u.id'),
        )
        .$castTo<boolean | number>()
        .as('assigned'),
    ]);
  if (evaluatorId !== undefined) query = query.where('m.id', '=', evaluatorId);
  const rows = await query.orderBy('u.id').execute();
  // SQLite answers 0/1, PostgreSQL true/false.
  return rows.map((r) => ({
    collaborator_id: r.collaborator_id,
    evaluator_id: r.evaluator_id,
    manager_ok: Boolean(Number(r.manager_ok)),
    assigned: Boolean(Number(r.assigned)),
  }));
}
