import type { Relation } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notYetEvaluated } from '../../db/v1-pending';

/** A person a reminder can reach: active, with an e-mail. */
export interface Rater {
  user_id: number;
  name: string;
  email: string;
}

/** One collaborator an evaluator has yet to evaluate in an open V1 evaluation. */
export interface V1PendingRow extends Rater {
  evaluation_id: number;
  collaborator_id: number;
  collaborator_name: string;
}

/** One pending 360 assignment of an open evaluation. */
export interface V2PendingRow extends Rater {
  evaluation_id: number;
  assignment_id: number;
  evaluatee_name: string;
  relation: Relation;
}

/** An open evaluation with a due date (the automatic reminders' candidates). */
export interface DueEvaluation {
  id: number;
  name: string;
  due_date: string;
}

/**
 * The pending V1 work of open evaluations (decision 033): an active evaluator with an e-mail, an
 * active collaborator assigned to them whose category the evaluation is (the category's open one),
 * and no submission of that evaluator for that collaborator in it — the 'assigned' minus 'evaluated'
 * of the dashboard's evaluation_progress, restricted to evaluators who can receive mail.
 */
export async function v1PendingWork(
  db: Kysely<Database>,
  evaluationIds: readonly number[],
  onlyUntold = false,
): Promise<V1PendingRow[]> {
  if (evaluationIds.length === 0) return [];
  let query = db
    .selectFrom('evaluations as e')
    .innerJoin('users as c', 'c.category_id', 'e.category_id')
    .innerJoin('assignments as a', 'a.collaborator_id', 'c.id')
    .innerJoin('users as ev', 'ev.id', 'a.evaluator_id')
    .where('e.id', 'in', [...evaluationIds])
    .where('e.status', '=', 'abierta')
    .where('c.active', '=', 1)
    .where('ev.role', '=', 'evaluador')
    .where('ev.active', '=', 1)
    .where('ev.email', 'is not', null)
    .where('ev.email', '!=', '')
    .where(notYetEvaluated);
  if (onlyUntold) query = query.where(untold('v1', 'ev'));
  const rows = await query
    .select([
      'e.id as evaluation_id',
      'ev.id as user_id',
      'ev.name',
      'ev.email',
      'c.id as collaborator_id',
      'c.name as collaborator_name',
    ])
    .orderBy('ev.id')
    .orderBy('e.id')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, email: r.email ?? '' }));
}

/** The pending assignments of open 360 evaluations whose rater is active and has an e-mail. */
export async function v2PendingWork(
  db: Kysely<Database>,
  evaluationIds: readonly number[],
  onlyUntold = false,
): Promise<V2PendingRow[]> {
  if (evaluationIds.length === 0) return [];
  let query = db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .innerJoin('users as r', 'r.id', 'a.evaluator_id')
    .innerJoin('users as ee', 'ee.id', 'a.evaluatee_id')
    .where('a.evaluation_id', 'in', [...evaluationIds])
    .where('e.status', '=', 'open')
    .where('a.status', '=', 'pending')
    .where('r.active', '=', 1)
    .where('r.email', 'is not', null)
    .where('r.email', '!=', '');
  if (onlyUntold) query = query.where(untold('v2', 'r'));
  const rows = await query
    .select([
      'e.id as evaluation_id',
      'a.id as assignment_id',
      'r.id as user_id',
      'r.name',
      'r.email',
      'ee.name as evaluatee_name',
      'a.relation',
    ])
    .orderBy('r.id')
    .orderBy('e.id')
    .orderBy('ee.name')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ ...r, email: r.email ?? '' }));
}

/**
 * Only people not yet told that evaluation `e` has work for them (launch_notices, decision 051);
 * `person` is the alias of the rater's users row.
 */
function untold(kind: 'v1' | 'v2', person: 'ev' | 'r') {
  return sql<boolean>`not exists (select 1 from launch_notices n
    where n.kind = ${kind} and n.evaluation_id = e.id and n.user_id = ${sql.ref(`${person}.id`)})`;
}

/** Someone to tell about nominations (decision 051): the evaluation, and for an approval the proposal. */
export interface NominationNotice extends Rater {
  evaluation_id: number;
  evaluation_name: string;
  nomination_id: number;
  evaluatee_name: string;
}

/** Nominations in 360 evaluations that take them and are not closed, with their evaluatee as `u`. */
function liveNominations(db: Kysely<Database>) {
  return db
    .selectFrom('v2_nominations as n')
    .innerJoin('v2_evaluations as e', 'e.id', 'n.evaluation_id')
    .innerJoin('users as u', 'u.id', 'n.evaluatee_id')
    .where('e.nominations_enabled', '=', 1)
    .where('e.status', '!=', 'closed');
}

/** A person a notice can reach (the alias of their users row): active, with an e-mail. */
function reachable(person: 'u' | 'm') {
  return sql<boolean>`(${sql.ref(`${person}.active`)} = 1 and coalesce(${sql.ref(`${person}.email`)}, '') <> '')`;
}

/**
 * Draft nominations whose evaluatee (active, with an e-mail) was not told yet that they can propose
 * raters, in 360 evaluations that take nominations and are not closed.
 */
export async function nominationsToMake(db: Kysely<Database>): Promise<NominationNotice[]> {
  const rows = await liveNominations(db)
    .where('n.status', '=', 'borrador')
    .where(reachable('u'))
    .where(
      sql<boolean>`not exists (select 1 from launch_notices x
        where x.kind = 'nominate' and x.evaluation_id = e.id and x.user_id = u.id)`,
    )
    .select([
      'u.id as user_id',
      'u.name',
      'u.email',
      'e.id as evaluation_id',
      'e.name as evaluation_name',
      'n.id as nomination_id',
      'u.name as evaluatee_name',
    ])
    .orderBy('u.id')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({ ...r, email: r.email ?? '' }));
}

/**
 * Sent nominations whose evaluatee's manager ('Reporta a': active, with an e-mail) was not told yet
 * that this proposal waits for their approval.
 */
export async function nominationsToApprove(db: Kysely<Database>): Promise<NominationNotice[]> {
  const rows = await liveNominations(db)
    .innerJoin('users as m', 'm.id', 'u.manager_id')
    .where('n.status', '=', 'enviada')
    .where(reachable('m'))
    .where(
      sql<boolean>`not exists (select 1 from launch_notices x
        where x.kind = 'approve' and x.evaluation_id = n.id and x.user_id = m.id)`,
    )
    .select([
      'm.id as user_id',
      'm.name',
      'm.email',
      'e.id as evaluation_id',
      'e.name as evaluation_name',
      'n.id as nomination_id',
      'u.name as evaluatee_name',
    ])
    .orderBy('m.id')
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({ ...r, email: r.email ?? '' }));
}

export type LaunchNoticeKind = Database['launch_notices']['kind'];

/** Every open evaluation of a kind (the launch notices' candidates). */
export async function openEvaluations(
  db: Kysely<Database>,
  kind: 'v1' | 'v2',
): Promise<Array<{ id: number; name: string; due_date: string | null }>> {
  return kind === 'v1'
    ? db
        .selectFrom('evaluations')
        .select(['id', 'name', 'due_date'])
        .where('status', '=', 'abierta')
        .orderBy('id')
        .execute()
    : db
        .selectFrom('v2_evaluations')
        .select(['id', 'name', 'due_date'])
        .where('status', '=', 'open')
        .orderBy('id')
        .execute();
}

/**
 * Records that these people were told that these evaluations have work for them; answers the pairs
 * this call recorded (`${evaluation_id}:${user_id}`). Of two runs at once — on any instance — only
 * one records each pair (the primary key), so each person is told once.
 */
export async function claimLaunchNotices(
  db: Kysely<Database>,
  kind: LaunchNoticeKind,
  pairs: ReadonlyArray<{ evaluation_id: number; user_id: number }>,
  now: string,
): Promise<Set<string>> {
  const claimed = new Set<string>();
  const ordered = [...pairs].sort((a, b) => a.evaluation_id - b.evaluation_id || a.user_id - b.user_id);
  const CHUNK = 500;
  for (let i = 0; i < ordered.length; i += CHUNK) {
    const rows = await db
      .insertInto('launch_notices')
      .values(ordered.slice(i, i + CHUNK).map((p) => ({ kind, ...p, told_at: now })))
      .onConflict((oc) => oc.columns(['kind', 'evaluation_id', 'user_id']).doNothing())
      .returning(['evaluation_id', 'user_id'])
      .execute();
    for (const r of rows) claimed.add(`${r.evaluation_id}:${r.user_id}`);
  }
  return claimed;
}

/** An open evaluation past its due date with work still pending (HR's weekly digest). */
export interface LateEvaluation {
  kind: 'v1' | 'v2';
  id: number;
  name: string;
  due_date: string;
  /** Evaluations (V1: collaborators; 360: assignments) still to be done. */
  pending: number;
  /** People who still have some to do. */
  people: number;
}

/**
 * The open evaluations whose due date is before `today` and that still have pending work, counted
 * over every active rater (with an e-mail or not), in SQL.
 */
export async function lateEvaluations(db: Kysely<Database>, today: string): Promise<LateEvaluation[]> {
  const v1 = await db
    .selectFrom('evaluations as e')
    .innerJoin('users as c', 'c.category_id', 'e.category_id')
    .innerJoin('assignments as a', 'a.collaborator_id', 'c.id')
    .innerJoin('users as ev', 'ev.id', 'a.evaluator_id')
    .where('e.status', '=', 'abierta')
    .where('e.due_date', '<', today)
    .where('c.active', '=', 1)
    .where('ev.role', '=', 'evaluador')
    .where('ev.active', '=', 1)
    .where(notYetEvaluated)
    .select((eb) => [
      'e.id',
      'e.name',
      'e.due_date',
      eb.fn.countAll<number>().as('pending'),
      eb.fn.count<number>('a.evaluator_id').distinct().as('people'),
    ])
    .groupBy(['e.id', 'e.name', 'e.due_date'])
    .orderBy('e.due_date')
    .orderBy('e.id')
    .execute();
  const v2 = await db
    .selectFrom('v2_assignments as a')
    .innerJoin('v2_evaluations as e', 'e.id', 'a.evaluation_id')
    .innerJoin('users as r', 'r.id', 'a.evaluator_id')
    .where('e.status', '=', 'open')
    .where('e.due_date', '<', today)
    .where('a.status', '=', 'pending')
    .where('r.active', '=', 1)
    .select((eb) => [
      'e.id',
      'e.name',
      'e.due_date',
      eb.fn.countAll<number>().as('pending'),
      eb.fn.count<number>('a.evaluator_id').distinct().as('people'),
    ])
    .groupBy(['e.id', 'e.name', 'e.due_date'])
    .orderBy('e.due_date')
    .orderBy('e.id')
    .execute();
  const shape = (kind: 'v1' | 'v2') => (r: (typeof v1)[number]) => ({
    kind,
    id: r.id,
    name: r.name,
    due_date: r.due_date ?? '',
    pending: Number(r.pending),
    people: Number(r.people),
  });
  return [...v1.map(shape('v1')), ...v2.map(shape('v2'))];
}

/** Active admin and HR people with an e-mail: who reads the weekly digest. */
export async function digestReaders(db: Kysely<Database>): Promise<Rater[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id as user_id', 'name', 'email'])
    .where('role', 'in', ['admin', 'gestionhumana'])
    .where('active', '=', 1)
    .where('email', 'is not', null)
    .where('email', '!=', '')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, email: r.email ?? '' }));
}

/** Open V1 evaluations due on one of `days` (YYYY-MM-DD). */
export async function openV1DueOn(db: Kysely<Database>, days: readonly string[]): Promise<DueEvaluation[]> {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom('evaluations')
    .select(['id', 'name', 'due_date'])
    .where('status', '=', 'abierta')
    .where('due_date', 'in', [...days])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, due_date: r.due_date ?? '' }));
}

/** Open 360 evaluations due on one of `days` (YYYY-MM-DD). */
export async function openV2DueOn(db: Kysely<Database>, days: readonly string[]): Promise<DueEvaluation[]> {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom('v2_evaluations')
    .select(['id', 'name', 'due_date'])
    .where('status', '=', 'open')
    .where('due_date', 'in', [...days])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, due_date: r.due_date ?? '' }));
}

/**
 * Claims a scheduled job's run: true for the one transaction whose insert took the key (a second
 * one, on this or another instance, conflicts and gets false — on PostgreSQL after the first
 * commits, waiting on the primary key).
 */
export async function claimJobRun(
  db: Kysely<Database>,
  job: string,
  runKey: string,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('job_runs')
    .values({ job, run_key: runKey, claimed_at: now })
    .onConflict((oc) => oc.columns(['job', 'run_key']).doNothing())
    .returning('job')
    .execute();
  return inserted.length === 1;
}

/**
 * Records that these people get their automatic reminder of `day`; answers those not reminded yet
 * that day (the others keep the one they had).
 */
export async function claimAutoReminders(
  db: Kysely<Database>,
  userIds: readonly number[],
  day: string,
): Promise<Set<number>> {
  const claimed = new Set<number>();
  const CHUNK = 500;
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .insertInto('auto_reminders')
      .values(userIds.slice(i, i + CHUNK).map((user_id) => ({ user_id, day })))
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .execute();
    for (const r of rows) claimed.add(r.user_id);
  }
  return claimed;
}

/**
 * When HR's reminder of this evaluation last reached each of `userIds`, for those reached after
 * `since` (the start of the cooldown, ISO): user id → sent_at (decision 042).
 */
export async function recentManualReminders(
  db: Kysely<Database>,
  kind: 'v1' | 'v2',
  evaluationId: number,
  userIds: readonly number[],
  since: string,
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const CHUNK = 500;
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('manual_reminders')
      .select(['user_id', 'sent_at'])
      .where('kind', '=', kind)
      .where('evaluation_id', '=', evaluationId)
      .where('user_id', 'in', userIds.slice(i, i + CHUNK))
      .where('sent_at', '>', since)
      .execute();
    for (const r of rows) found.set(r.user_id, r.sent_at);
  }
  return found;
}

/**
 * Claims HR's reminder of this evaluation for these people at `now`: answers those whose last one
 * is older than `since` (or who never had one); the others keep theirs. One statement per chunk
 * decides and records it (INSERT … ON CONFLICT DO UPDATE … WHERE): of presses at once — on any
 * instance — exactly one claims each person (on PostgreSQL the others wait for it on the primary key
 * and then find its row recent). Ids in ascending order, so two claims never wait for each other.
 */
export async function claimManualReminders(
  db: Kysely<Database>,
  kind: 'v1' | 'v2',
  evaluationId: number,
  userIds: readonly number[],
  now: string,
  since: string,
): Promise<Set<number>> {
  const claimed = new Set<number>();
  const ordered = [...userIds].sort((a, b) => a - b);
  const CHUNK = 500;
  for (let i = 0; i < ordered.length; i += CHUNK) {
    const rows = await db
      .insertInto('manual_reminders')
      .values(
        ordered
          .slice(i, i + CHUNK)
          .map((user_id) => ({ kind, evaluation_id: evaluationId, user_id, sent_at: now })),
      )
      .onConflict((oc) =>
        oc
          .columns(['kind', 'evaluation_id', 'user_id'])
          .doUpdateSet((eb) => ({ sent_at: eb.ref('excluded.sent_at') }))
          .where('manual_reminders.sent_at', '<=', since),
      )
      .returning('user_id')
      .execute();
    for (const r of rows) claimed.add(r.user_id);
  }
  return claimed;
}

/**
 * The (evaluation, person) pairs of these evaluations told of their launch at or after `since`
 * (launch_notices of kind 'v1' or 'v2'), as `${evaluation_id}:${user_id}` with when.
 */
export async function launchedSince(
  db: Kysely<Database>,
  kind: 'v1' | 'v2',
  evaluationIds: readonly number[],
  since: string,
): Promise<Array<{ key: string; told_at: string }>> {
  if (evaluationIds.length === 0) return [];
  const rows = await db
    .selectFrom('launch_notices')
    .select(['evaluation_id', 'user_id', 'told_at'])
    .where('kind', '=', kind)
    .where('evaluation_id', 'in', evaluationIds)
    .where('told_at', '>=', since)
    .execute();
  return rows.flatMap((r) =>
    r.told_at ? [{ key: `${r.evaluation_id}:${r.user_id}`, told_at: r.told_at }] : [],
  );
}
