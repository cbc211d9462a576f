import { v2SectionSums, type QuestionType, type V2MyAssignment } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import { preparedInsert, preparedQuery } from '../../db/prepared';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { submitStamp } from '../../db/rater-standing';

/**
 * The caller's assignments as evaluator in evaluations raters can see (open or closed, never a
 * draft): open evaluations first, newest first, pending before answered, then by evaluatee name.
 */
/** Compiled once per database: the raters' start page asks for it on every visit. */
const myAssignmentsQuery = preparedQuery((db: Kysely<Database>, evaluatorId: number) =>
  db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .innerJoin('users as u', 'u.id', 'a.evaluatee_id')
    .select([
      'a.id as assignment_id',
      'e.id as evaluation_id',
      'e.name as evaluation_name',
      'e.period',
      'e.status as evaluation_status',
      'a.evaluatee_id',
      'u.name as evaluatee_name',
      'a.relation',
      'a.status as assignment_status',
      'e.due_date',
    ])
    .where('a.evaluator_id', '=', evaluatorId)
    .where('e.status', 'in', ['open', 'closed'])
    .orderBy(sql`case when e.status = 'open' then 0 else 1 end`)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .orderBy(sql`case when a.status = 'pending' then 0 else 1 end`)
    .orderBy('u.name')
    .orderBy('a.id'),
);

export async function listMyAssignments(
  db: Kysely<Database>,
  evaluatorId: number,
): Promise<V2MyAssignment[]> {
  return myAssignmentsQuery(db, evaluatorId);
}

export async function findAssignment(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('v2_assignments')
    .select(['id', 'evaluation_id', 'evaluator_id', 'evaluatee_id', 'relation', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a pending assignment completed; answers false when it was not pending any more (a race lost). */
export async function completeAssignment(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('v2_assignments')
    .set({ status: 'completed', completed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewAnswer {
  item_id: number;
  value: string;
  score: number | null;
  skip: boolean;
  comment: string | null;
  /** The item's section and weight (not stored with the answer: they make the response's sums). */
  section: QuestionType;
  weight: number;
}

interface AnswerRow {
  response_id: number;
  item_id: number;
  value: string;
  score: number | null;
  skip: number;
  comment: string | null;
}

/** A response's answers in one statement, compiled once per number of answers (one per submit). */
const insertAnswers = preparedInsert<Database, AnswerRow>(
  ['response_id', 'item_id', 'value', 'score', 'skip', 'comment'],
  (db: Kysely<Database>, rows: AnswerRow[]) => db.insertInto('v2_answers').values(rows),
);

/**
 * The response, with its rater's weighted sums per section (what results and snapshots read), and
 * all its answers (one multi-row insert). Run inside a transaction.
 */
export async function insertResponse(
  db: Kysely<Database>,
  r: { assignment_id: number; evaluator_id: number; submitted_at: string; answers: readonly NewAnswer[] },
): Promise<number> {
  const sums = v2SectionSums(r.answers);
  const { id } = await db
    .insertInto('v2_responses')
    .values({
      assignment_id: r.assignment_id,
      evaluator_id: r.evaluator_id,
      submitted_at: r.submitted_at,
      competency_weighted: sums.competency?.weighted ?? null,
      competency_weight: sums.competency?.weight ?? null,
      objective_weighted: sums.objective?.weighted ?? null,
      objective_weight: sums.objective?.weight ?? null,
      // Stamped now (decisions 023 and 040): a rater who can read results, or whose password HR
      // chose, may have answers a results reader knows; such a response never counts toward a
      // threshold. One whose password came through a link to an unconfirmed address is pending.
      counts_for_anonymity: (eb) => submitStamp(eb, r.evaluator_id),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertAnswers(
    db,
    r.answers.map((a) => ({
      response_id: id,
      item_id: a.item_id,
      value: a.value,
      score: a.score,
      skip: a.skip ? 1 : 0,
      comment: a.comment,
    })),
  );
  return id;
}

// ---------------------------------------------------------------------------------------------------
// Drafts and declines (decision 034).

/** The evaluation's status, or undefined when it does not exist. */
export async function findEvaluationStatus(db: Kysely<Database>, evaluationId: number) {
  const row = await db
    .selectFrom('v2_evaluations')
    .select('status')
    .where('id', '=', evaluationId)
    .executeTakeFirst();
  return row?.status;
}

/**
 * An assignment for a draft save or a decline, locked against a concurrent submit on PostgreSQL
 * (the submit's status update waits for it, and it waits for a submit already updating it);
 * SQLite serialises writing transactions anyway.
 */
export async function lockAssignment(db: Kysely<Database>, engine: Engine, id: number) {
  let q = db
    .selectFrom('v2_assignments')
    .select(['id', 'evaluation_id', 'evaluator_id', 'evaluatee_id', 'status', 'relation'])
    .where('id', '=', id);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findDraft(db: Kysely<Database>, assignmentId: number) {
  return db
    .selectFrom('v2_drafts')
    .select(['answers', 'updated_at'])
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
}

/** Creates or replaces the assignment's draft (one statement: concurrent saves leave the last one). */
export async function upsertDraft(
  db: Kysely<Database>,
  assignmentId: number,
  answers: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('v2_drafts')
    .values({ assignment_id: assignmentId, answers, updated_at: at })
    .onConflict((oc) => oc.column('assignment_id').doUpdateSet({ answers, updated_at: at }))
    .execute();
}

export async function deleteDraft(db: Kysely<Database>, assignmentId: number): Promise<void> {
  await db.deleteFrom('v2_drafts').where('assignment_id', '=', assignmentId).execute();
}

/** Marks a pending assignment declined; false when it was not pending any more (a race lost). */
export async function declineAssignment(
  db: Kysely<Database>,
  id: number,
  reason: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('v2_assignments')
    .set({ status: 'declined', decline_reason: reason, declined_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
