import type { Category } from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { likePattern } from '../../http/paging';

export function categoryKey(name: string): string {
  return name.trim().toLocaleLowerCase('es');
}

export async function listCategories(
  db: Kysely<Database>,
  opts: { q?: string | undefined; limit?: number; offset?: number } = {},
): Promise<{ rows: Category[]; total: number }> {
  let base = db.selectFrom('categories');
  if (opts.q) base = base.where(sql<boolean>`lower(name) like ${likePattern(opts.q)} escape '\\'`);
  let rowsQuery = base.select(['id', 'name']).orderBy('name_key').orderBy('id');
  if (opts.limit !== undefined) rowsQuery = rowsQuery.limit(opts.limit).offset(opts.offset ?? 0);
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findCategory(db: Kysely<Database>, id: number): Promise<Category | undefined> {
  return db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function findCategoryByKey(db: Kysely<Database>, key: string): Promise<Category | undefined> {
  return db.selectFrom('categories').select(['id', 'name']).where('name_key', '=', key).executeTakeFirst();
}

export async function insertCategory(db: Kysely<Database>, name: string): Promise<Category> {
  return db
    .insertInto('categories')
    .values({ name, name_key: categoryKey(name) })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function updateCategory(
  db: Kysely<Database>,
  id: number,
  name: string,
): Promise<Category | undefined> {
  return db
    .updateTable('categories')
    .set({ name, name_key: categoryKey(name) })
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** How many users and evaluations point at a category (one statement). */
export async function categoryUsage(
  db: Kysely<Database>,
  id: number,
): Promise<{ users: number; evaluations: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', id)
        .as('users'),
      eb
        .selectFrom('evaluations')
        .select(eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', id)
        .as('evaluations'),
    ])
    .executeTakeFirstOrThrow();
  return { users: Number(row.users), evaluations: Number(row.evaluations) };
}

export async function deleteCategory(db: Kysely<Database>, id: number): Promise<boolean> {
  const res = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
