import type { Kysely, Migration } from 'kysely';

/**
 * A 360 evaluation created without a `status` (SPEC.md's bodies of POST /api/evaluations-v2 and
 * /from-template) opens as soon as it has an item (decision 046): `v2_evaluations.opens_when_ready`
 * is 1 from such a create until its state first changes. Existing evaluations keep their state (0):
 * how they were created was not recorded.
 */
export function v2OpensWhenReady(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('v2_evaluations')
        .addColumn('opens_when_ready', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('v2_evaluations').dropColumn('opens_when_ready').execute();
    },
  };
}
