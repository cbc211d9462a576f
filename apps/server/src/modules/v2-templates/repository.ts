import type { V2Scale, V2Template } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import { parseLabels } from '../../db/labels';
import type { Database } from '../../db/schema';
import { nowIso } from '../../time';

/** The columns an item carries from an evaluation to a template and back. */
export const ITEM_COPY_COLUMNS = [
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

export function templateKey(name: string): string {
  return name.trim().toLocaleLowerCase('es');
}

export async function listScales(db: Kysely<Database>): Promise<V2Scale[]> {
  const rows = await db
    .selectFrom('v2_scales')
    .select(['id', 'name', 'min_value', 'max_value', 'labels'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, labels: parseLabels(r.labels) }));
}

export async function findScales(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, V2Scale>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('v2_scales')
    .select(['id', 'name', 'min_value', 'max_value', 'labels'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...r, labels: parseLabels(r.labels) }]));
}

function templateRows(db: Kysely<Database>) {
  return db
    .selectFrom('v2_templates as t')
    .select((eb) => [
      't.id',
      't.name',
      eb
        .selectFrom('v2_template_items as i')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('i.template_id', '=', 't.id')
        .as('item_count'),
    ]);
}

function toTemplate(row: { id: number; name: string; item_count: number | string | null }): V2Template {
  return { id: row.id, name: row.name, item_count: Number(row.item_count ?? 0) };
}

export async function listTemplates(db: Kysely<Database>): Promise<V2Template[]> {
  const rows = await templateRows(db).orderBy('t.name_key').orderBy('t.id').execute();
  return rows.map(toTemplate);
}

export async function findTemplate(db: Kysely<Database>, id: number): Promise<V2Template | undefined> {
  const row = await templateRows(db).where('t.id', '=', id).executeTakeFirst();
  return row ? toTemplate(row) : undefined;
}

export async function findTemplateIdByKey(db: Kysely<Database>, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('v2_templates').select('id').where('name_key', '=', key).executeTakeFirst();
  return row?.id;
}

export async function renameTemplateRow(db: Kysely<Database>, id: number, name: string): Promise<void> {
  await db
    .updateTable('v2_templates')
    .set({ name, name_key: templateKey(name) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a template and its items; the evaluations linked to it lose the link. Answers their ids. */
export async function deleteTemplateRows(db: Kysely<Database>, id: number): Promise<number[]> {
  const unlinked = await db
    .updateTable('v2_evaluations')
    .set({ template_id: null })
    .where('template_id', '=', id)
    .returning('id')
    .execute();
  await db.deleteFrom('v2_template_items').where('template_id', '=', id).execute();
  await db.deleteFrom('v2_templates').where('id', '=', id).execute();
  return unlinked.map((r) => r.id);
}

/** Whether a 360 evaluation exists (the source of a new template). */
export async function evaluationExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('v2_evaluations').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertTemplate(
  db: Kysely<Database>,
  name: string,
  sourceEvaluationId: number | null,
): Promise<number> {
  const row = await db
    .insertInto('v2_templates')
    .values({
      name,
      name_key: templateKey(name),
      source_evaluation_id: sourceEvaluationId,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a template's items with a copy of the evaluation's current items (one statement each). */
export async function copyEvaluationItemsToTemplate(
  db: Kysely<Database>,
  evaluationId: number,
  templateId: number,
): Promise<void> {
  await db.deleteFrom('v2_template_items').where('template_id', '=', templateId).execute();
  await db
    .insertInto('v2_template_items')
    .columns(['template_id', ...ITEM_COPY_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom('v2_items')
        .select(() => [sql<number>`cast(${templateId} as integer)`.as('template_id'), ...ITEM_COPY_COLUMNS])
        .where('evaluation_id', '=', evaluationId)
        .orderBy('position')
        .orderBy('id'),
    )
    .execute();
}

/** Copies a template's items into an evaluation (which has none yet). */
export async function copyTemplateItemsToEvaluation(
  db: Kysely<Database>,
  templateId: number,
  evaluationId: number,
): Promise<void> {
  await db
    .insertInto('v2_items')
    .columns(['evaluation_id', ...ITEM_COPY_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom('v2_template_items')
        .select(() => [
          sql<number>`cast(${evaluationId} as integer)`.as('evaluation_id'),
          ...ITEM_COPY_COLUMNS,
        ])
        .where('template_id', '=', templateId)
        .orderBy('position')
        .orderBy('id'),
    )
    .execute();
}

/** Templates saved from this evaluation follow its items: each gets the evaluation's current list. */
export async function syncFollowingTemplates(db: Kysely<Database>, evaluationId: number): Promise<number[]> {
  const following = await db
    .selectFrom('v2_templates')
    .select('id')
    .where('source_evaluation_id', '=', evaluationId)
    .execute();
  for (const t of following) await copyEvaluationItemsToTemplate(db, evaluationId, t.id);
  return following.map((t) => t.id);
}
