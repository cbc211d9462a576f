import type { Kysely, Migration } from 'kysely';

/**
 * A V1 evaluation created without a `status` (SPEC.md's body of POST /api/evaluations) opens as soon
 * as it is ready (decision 039): `evaluations.opens_when_ready` is 1 from such a create until the
 * evaluation first opens or changes state; a PUT that finds its bank asking a question and its
 * category without an open evaluation opens it. Existing evaluations keep their state (0): whether
 * they were created with an explicit draft was not recorded.
 */
export function v1OpensWhenReady(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('evaluations')
        .addColumn('opens_when_ready', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('evaluations').dropColumn('opens_when_ready').execute();
    },
  };
}
