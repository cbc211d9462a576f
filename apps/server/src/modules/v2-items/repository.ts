import type { ItemType, QuestionType, V2Item } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import { parseLabels } from '../../db/labels';
import type { Database } from '../../db/schema';

const ITEM_COLUMNS = [
  'id',
  'question_text',
  'type',
  'section',
  'weight',
  'scale_id',
  'scale_min',
  'scale_max',
  'scale_labels',
  'position',
] as const;

/** An evaluation's items in order (position, then id). */
export async function listItems(db: Kysely<Database>, evaluationId: number): Promise<V2Item[]> {
  const rows = await db
    .selectFrom('v2_items')
    .select(ITEM_COLUMNS)
    .where('evaluation_id', '=', evaluationId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    type: r.type as ItemType,
    section: r.section as QuestionType,
    weight: Number(r.weight),
    scale_labels: parseLabels(r.scale_labels),
  }));
}

export type ItemValues = Omit<V2Item, 'id'>;

function toColumns(v: ItemValues) {
  return { ...v, scale_labels: JSON.stringify(v.scale_labels) };
}

export async function insertItem(db: Kysely<Database>, evaluationId: number, v: ItemValues): Promise<number> {
  const row = await db
    .insertInto('v2_items')
    .values({ evaluation_id: evaluationId, ...toColumns(v) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateItem(db: Kysely<Database>, id: number, v: ItemValues): Promise<void> {
  await db.updateTable('v2_items').set(toColumns(v)).where('id', '=', id).execute();
}

/** Deletes the evaluation's items whose id is not in `keep`. */
export async function deleteItemsExcept(
  db: Kysely<Database>,
  evaluationId: number,
  keep: readonly number[],
): Promise<void> {
  let q = db.deleteFrom('v2_items').where('evaluation_id', '=', evaluationId);
  if (keep.length > 0) q = q.where('id', 'not in', keep);
  await q.execute();
}
