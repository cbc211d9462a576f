import type { TrainingReport } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/**
 * Submissions whose evaluator said the collaborator needs training, grouped by evaluator name
 * (one statement, ordered by evaluator then collaborator; the grouping only shapes the answer).
 */
export async function trainingReport(db: Kysely<Database>): Promise<TrainingReport> {
  const rows = await db
    .selectFrom('v1_submissions as s')
    .innerJoin('users as ev', 'ev.id', 's.evaluator_id')
    .innerJoin('users as c', 'c.id', 's.collaborator_id')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .select([
      'ev.name as evaluator_name',
      's.collaborator_id',
      'c.name as collaborator_name',
      's.evaluation_id',
      'e.name as evaluation_name',
      's.training_comments as comments',
    ])
    .where('s.requires_training', '=', 1)
    .orderBy('ev.name')
    .orderBy('c.name')
    .orderBy('e.period', 'desc')
    .orderBy('s.id')
    .execute();
  // A Map, not a plain object: a name such as "__proto__" must stay an ordinary key.
  const byEvaluator = new Map<string, TrainingReport[string]>();
  for (const { evaluator_name, ...entry } of rows) {
    const list = byEvaluator.get(evaluator_name);
    if (list) list.push(entry);
    else byEvaluator.set(evaluator_name, [entry]);
  }
  return Object.fromEntries(byEvaluator);
}
