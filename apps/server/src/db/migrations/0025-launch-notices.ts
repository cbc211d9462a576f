import { sql, type Kysely, type Migration } from 'kysely';

/**
 * "Your evaluations started" (issue 30 §2, decision 051): `launch_notices` holds who was told that an
 * open evaluation has work for them — once per person and evaluation ('v1' or 'v2') — and about
 * nominations ('nominate', 'approve'). Everyone who already has work in an open evaluation, or a
 * nomination under way, counts as told: a running round is not announced again by an upgrade (their `told_at` is null: told before it was recorded).
 */
export function launchNotices(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('launch_notices')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('evaluation_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('told_at', 'text')
        .addPrimaryKeyConstraint('launch_notices_pk', ['kind', 'evaluation_id', 'user_id'])
        .execute();
      await sql`
        insert into launch_notices (kind, evaluation_id, user_id, told_at)
        select distinct 'v2', a.evaluation_id, a.evaluator_id, null
        from v2_assignments a join v2_evaluations e on e.id = a.evaluation_id
        where e.status = 'open'`.execute(db);
      await sql`
        insert into launch_notices (kind, evaluation_id, user_id, told_at)
        select distinct 'v1', e.id, a.evaluator_id, null
        from evaluations e
        join users c on c.category_id = e.category_id
        join assignments a on a.collaborator_id = c.id
        where e.status = 'abierta'`.execute(db);
      // Nominations under way (decision 051): draft ones and those waiting for their manager.
      await sql`
        insert into launch_notices (kind, evaluation_id, user_id, told_at)
        select distinct 'nominate', n.evaluation_id, n.evaluatee_id, null
        from v2_nominations n join v2_evaluations e on e.id = n.evaluation_id
        where e.status <> 'closed' and n.status = 'borrador'`.execute(db);
      await sql`
        insert into launch_notices (kind, evaluation_id, user_id, told_at)
        select distinct 'approve', n.id, u.manager_id, null
        from v2_nominations n
        join v2_evaluations e on e.id = n.evaluation_id
        join users u on u.id = n.evaluatee_id
        where e.status <> 'closed' and n.status = 'enviada' and u.manager_id is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('launch_notices').execute();
    },
  };
}
