import type { Assignment, AvailableCollaborator } from '@evalua/contracts';
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

/** Active non-admin users not yet assigned to the evaluator (and not the evaluator), paged in SQL. */
export async function listAvailable(
  db: Kysely<Database>,
  evaluatorId: number,
  q: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: AvailableCollaborator[]; total: number }> {
  let base = db
    .selectFrom('users')
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
  if (q) base = base.where(sql<boolean>`lower(users.name) like ${likePattern(q)} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select(['users.id', 'users.name', 'users.email', 'users.position', 'users.department'])
      .orderBy('users.name')
      .orderBy('users.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
