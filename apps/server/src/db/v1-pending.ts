import { sql } from 'kysely';

/**
 * The one V1 rule of pending work (decisions 015 and 033), for queries that join the assignment as
 * `a` and the evaluation as `e`: the evaluator has not submitted for that collaborator in that
 * evaluation. The dashboard's overdue count and the reminders both use it.
 */
export const notYetEvaluated = sql<boolean>`not exists (
  select 1 from v1_submissions s
  where s.evaluation_id = e.id and s.collaborator_id = a.collaborator_id and s.evaluator_id = a.evaluator_id)`;
