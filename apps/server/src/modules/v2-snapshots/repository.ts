import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

function snapshotRows(db: Kysely<Database>) {
  return db
    .selectFrom('v2_snapshots as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select([
      's.id',
      's.evaluation_id',
      's.label',
      's.notes',
      's.created_by',
      'u.name as created_by_name',
      's.created_at',
    ]);
}

/** An evaluation's snapshots, newest first (without their frozen data). */
export async function listSnapshots(db: Kysely<Database>, evaluationId: number) {
  const rows = await snapshotRows(db)
    .where('s.evaluation_id', '=', evaluationId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map(({ evaluation_id: _e, ...r }) => ({ ...r, created_by_name: r.created_by_name ?? null }));
}

/** One snapshot of the evaluation, with its frozen JSON. */
export async function findSnapshot(db: Kysely<Database>, evaluationId: number, snapshotId: number) {
  return snapshotRows(db)
    .select(['s.summary', 's.detail', 's.anonymity_min_raters', 's.results_released'])
    .where('s.evaluation_id', '=', evaluationId)
    .where('s.id', '=', snapshotId)
    .executeTakeFirst();
}

/** Stores a snapshot's frozen JSON (run inside the transaction that read it); answers its id. */
export async function insertSnapshot(
  db: Kysely<Database>,
  row: {
    evaluation_id: number;
    label: string;
    notes: string | null;
    created_by: number;
    created_at: string;
    anonymity_min_raters: number;
    results_released: number;
    summary: string;
    detail: string;
  },
): Promise<number> {
  const { id } = await db.insertInto('v2_snapshots').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
