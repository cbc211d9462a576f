import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Managers told that their team's 360 results are released to them (decision 055) live in
 * `launch_notices` as kind 'team-results'. Every manager of a person in an evaluation closed before
 * this change counts as told (`told_at` null): a later release change on an old round must not
 * announce it as new.
 */
export function teamResultsNotices(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`
        insert into launch_notices (kind, evaluation_id, user_id, told_at)
        select distinct 'team-results', p.evaluation_id, p.manager_id, null
        from (
          select a.evaluation_id, u.manager_id
          from v2_assignments a join users u on u.id = a.evaluatee_id
          where u.manager_id is not null
          union
          select a.evaluation_id, a.evaluator_id
          from v2_assignments a
          where a.relation = 'manager' and a.status <> 'declined'
        ) p
        join v2_evaluations e on e.id = p.evaluation_id
        where e.status = 'closed'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from launch_notices where kind = 'team-results'`.execute(db);
    },
  };
}
