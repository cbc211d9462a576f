import type { V1ReleaseMode, V1SubmissionVersion } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';

/** The reads and writes of releasing and correcting V1 results (decision 050). */

export interface ReleaseState {
  id: number;
  category_id: number;
  status: 'borrador' | 'abierta' | 'cerrada';
  release_mode: V1ReleaseMode;
  released_at: string | null;
}

/**
 * The evaluation's release state; on PostgreSQL its row is locked for update, so that a release, a
 * correction and a close of one evaluation run one after the other (SQLite serialises writes).
 */
export async function lockReleaseState(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
): Promise<ReleaseState | undefined> {
  let query = db
    .selectFrom('evaluations')
    .select(['id', 'category_id', 'status', 'release_mode', 'released_at'])
    .where('id', '=', id);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markRoundReleased(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable('evaluations').set({ released_at: at }).where('id', '=', id).execute();
}

/** Releases to one person; answers whether it was new. */
export async function insertPersonRelease(
  db: Kysely<Database>,
  evaluationId: number,
  collaboratorId: number,
  at: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('v1_person_releases')
    .values({ evaluation_id: evaluationId, collaborator_id: collaboratorId, released_at: at })
    .onConflict((oc) => oc.columns(['evaluation_id', 'collaborator_id']).doNothing())
    .returning('collaborator_id')
    .execute();
  return rows.length > 0;
}

export async function countPersonSubmissions(
  db: Kysely<Database>,
  evaluationId: number,
  collaboratorId: number,
): Promise<number> {
  const row = await db
    .selectFrom('v1_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('evaluation_id', '=', evaluationId)
    .where('collaborator_id', '=', collaboratorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findSubmission(
  db: Kysely<Database>,
  key: { evaluation_id: number; collaborator_id: number; evaluator_id: number },
) {
  const submission = await db
    .selectFrom('v1_submissions')
    .selectAll()
    .where('evaluation_id', '=', key.evaluation_id)
    .where('collaborator_id', '=', key.collaborator_id)
    .where('evaluator_id', '=', key.evaluator_id)
    .executeTakeFirst();
  if (!submission) return undefined;
  const answers = await db
    .selectFrom('v1_answers')
    .select(['question_id', 'score'])
    .where('submission_id', '=', submission.id)
    .orderBy('id')
    .execute();
  return { submission, answers };
}

export type FoundSubmission = NonNullable<Awaited<ReturnType<typeof findSubmission>>>;

/**
 * Moves a submission out of the results into its kept versions, with who reopened it and why; its
 * answers go with it. Every figure reads v1_submissions only, so the person's figures are those of
 * the remaining submissions until the evaluator submits again. Answers the version's id.
 */
export async function archiveSubmission(
  db: Kysely<Database>,
  found: FoundSubmission,
  reopen: { at: string; by: number; reason: string },
): Promise<number> {
  const { submission: s, answers } = found;
  const { id } = await db
    .insertInto('v1_submission_versions')
    .values({
      submission_id: s.id,
      evaluation_id: s.evaluation_id,
      collaborator_id: s.collaborator_id,
      evaluator_id: s.evaluator_id,
      competencies_percentage: s.competencies_percentage,
      objectives_percentage: s.objectives_percentage,
      overall_percentage: s.overall_percentage,
      requires_training: s.requires_training,
      training_comments: s.training_comments,
      answers: JSON.stringify(answers),
      submitted_at: s.created_at,
      reopened_at: reopen.at,
      reopened_by: reopen.by,
      reason: reopen.reason,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('v1_answers').where('submission_id', '=', s.id).execute();
  await db.deleteFrom('v1_submissions').where('id', '=', s.id).execute();
  return id;
}

function selectVersions(db: Kysely<Database>) {
  return db
    .selectFrom('v1_submission_versions as v')
    .innerJoin('users as ev', 'ev.id', 'v.evaluator_id')
    .leftJoin('users as by', 'by.id', 'v.reopened_by')
    .select([
      'v.id',
      'v.evaluator_id',
      'ev.name as evaluator_name',
      'v.overall_percentage',
      'v.submitted_at',
      'v.reopened_at',
      'by.name as reopened_by_name',
      'v.reason',
    ]);
}

export async function findVersion(
  db: Kysely<Database>,
  id: number,
): Promise<V1SubmissionVersion | undefined> {
  const row = await selectVersions(db).where('v.id', '=', id).executeTakeFirst();
  return row && { ...row, overall_percentage: Number(row.overall_percentage) };
}

/** One person's round: their evaluators' submissions and the versions reopened, newest first. */
export async function personRound(db: Kysely<Database>, evaluationId: number, collaboratorId: number) {
  const [submissions, versions] = await Promise.all([
    db
      .selectFrom('v1_submissions as s')
      .innerJoin('users as ev', 'ev.id', 's.evaluator_id')
      .select(['s.evaluator_id', 'ev.name as evaluator_name', 's.overall_percentage', 's.created_at'])
      .where('s.evaluation_id', '=', evaluationId)
      .where('s.collaborator_id', '=', collaboratorId)
      .orderBy('ev.name')
      .orderBy('s.evaluator_id')
      .execute(),
    selectVersions(db)
      .where('v.evaluation_id', '=', evaluationId)
      .where('v.collaborator_id', '=', collaboratorId)
      .orderBy('v.reopened_at', 'desc')
      .orderBy('v.id', 'desc')
      .execute(),
  ]);
  return {
    submissions: submissions.map((s) => ({ ...s, overall_percentage: Number(s.overall_percentage) })),
    versions: versions.map((v) => ({ ...v, overall_percentage: Number(v.overall_percentage) })),
  };
}
