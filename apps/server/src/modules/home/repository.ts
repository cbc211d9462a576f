import { FIRST_STEPS, type FirstSteps, type MyPending, type RoundWork } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notYetEvaluated } from '../../db/v1-pending';

/** One person's pending work, each kind counted in one GROUP BY statement (issue 30 §2). */

const shape = (r: {
  evaluation_id: number;
  evaluation_name: string;
  due_date: string | null;
  pending: unknown;
}): RoundWork => ({
  ...r,
  pending: Number(r.pending),
});

/**
 * The collaborators an evaluator still has to evaluate, per open V1 round: active, assigned to them,
 * of the round's category, not yet submitted (the dashboard's and the reminders' rule).
 */
export async function v1Pending(db: Kysely<Database>, evaluatorId: number): Promise<RoundWork[]> {
  const rows = await db
    .selectFrom('assignments as a')
    .innerJoin('users as c', 'c.id', 'a.collaborator_id')
    .innerJoin('evaluations as e', 'e.category_id', 'c.category_id')
    .innerJoin('users as ev', 'ev.id', 'a.evaluator_id')
    .where('a.evaluator_id', '=', evaluatorId)
    // Only an evaluator can submit: someone who stopped being one has nothing to do here.
    .where('ev.role', '=', 'evaluador')
    .where('e.status', '=', 'abierta')
    .where('c.active', '=', 1)
    .where(notYetEvaluated)
    .select((eb) => [
      'e.id as evaluation_id',
      'e.name as evaluation_name',
      'e.due_date',
      eb.fn.countAll<number>().as('pending'),
    ])
    .groupBy(['e.id', 'e.name', 'e.due_date'])
    .orderBy('e.id')
    .execute();
  return rows.map(shape);
}

/** The 360 assignments a rater still has to answer, per open evaluation. */
export async function v2Pending(db: Kysely<Database>, raterId: number): Promise<RoundWork[]> {
  const rows = await db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .where('a.evaluator_id', '=', raterId)
    .where('a.status', '=', 'pending')
    .where('e.status', '=', 'open')
    .select((eb) => [
      'e.id as evaluation_id',
      'e.name as evaluation_name',
      'e.due_date',
      eb.fn.countAll<number>().as('pending'),
    ])
    .groupBy(['e.id', 'e.name', 'e.due_date'])
    .orderBy('e.id')
    .execute();
  return rows.map(shape);
}

/**
 * Nominations (decision 036) in 360 evaluations that take them and are not closed: the caller's own
 * still in draft, and how many of the people reporting to them sent theirs for approval.
 */
export async function nominationsPending(
  db: Kysely<Database>,
  userId: number,
): Promise<Pick<MyPending, 'nominations_to_make' | 'nominations_to_approve'>> {
  const open = db
    .selectFrom('v2_nominations as n')
    .innerJoin('v2_evaluations as e', 'e.id', 'n.evaluation_id')
    .innerJoin('users as u', 'u.id', 'n.evaluatee_id')
    .where('e.nominations_enabled', '=', 1)
    .where('e.status', '!=', 'closed');
  const [toMake, toApprove] = await Promise.all([
    open
      .select(['e.id as evaluation_id', 'e.name as evaluation_name'])
      .where('n.evaluatee_id', '=', userId)
      .where('n.status', '=', 'borrador')
      .orderBy('e.id')
      .execute(),
    open
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('u.manager_id', '=', userId)
      .where('n.status', '=', 'enviada')
      .executeTakeFirstOrThrow(),
  ]);
  return { nominations_to_make: toMake, nominations_to_approve: Number(toApprove.n) };
}

/**
 * The first run's steps (decision 054), one statement: a category; a bank that asks something (a
 * question not retired); a classic evaluation; an active evaluator and an active collaborator with a
 * category; an assignment; a classic evaluation that was opened (open now or closed since).
 */
export async function firstSteps(db: Kysely<Database>): Promise<FirstSteps> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('categories').select('id')).as('categories'),
      eb.exists(eb.selectFrom('questions').select('id').where('retired_at', 'is', null)).as('question_bank'),
      eb.exists(eb.selectFrom('evaluations').select('id')).as('evaluation'),
      eb
        .and([
          eb.exists(
            eb.selectFrom('users').select('id').where('role', '=', 'evaluador').where('active', '=', 1),
          ),
          eb.exists(
            eb
              .selectFrom('users')
              .select('id')
              .where('role', '=', 'colaborador')
              .where('active', '=', 1)
              .where('category_id', 'is not', null),
          ),
        ])
        .as('staff'),
      eb.exists(eb.selectFrom('assignments').select('id')).as('assignments'),
      // Ever opened (open now or closed since): the guide does not come back between rounds.
      eb.exists(eb.selectFrom('evaluations').select('id').where('status', '!=', 'borrador')).as('open'),
    ])
    .executeTakeFirstOrThrow();
  // SQLite answers 0/1, PostgreSQL true/false.
  return Object.fromEntries(FIRST_STEPS.map((s) => [s, Boolean(Number(row[s]))])) as FirstSteps;
}
