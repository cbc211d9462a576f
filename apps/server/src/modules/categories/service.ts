import { ERROR_CODES, type Category, type PageQuery, type Paged, CATEGORY_MESSAGES } from '@evalua/contracts';
import type { Actor } from '../../auth/access';
import { listOrPage } from '../../http/paging';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { conflict, inUse, notFound } from '../../http/errors';
import { audit } from '../audit';
import {
  categoryKey,
  categoryUsage,
  deleteCategory,
  findCategory,
  findCategoryByKey,
  listCategories,
  insertCategory,
  updateCategory,
} from './repository';

export function inUseMessage(usage: { users: number; evaluations: number }): string {
  const parts: string[] = [];
  if (usage.users > 0) parts.push(`${usage.users} ${usage.users === 1 ? 'usuario' : 'usuarios'}`);
  if (usage.evaluations > 0) {
    parts.push(`${usage.evaluations} ${usage.evaluations === 1 ? 'evaluación' : 'evaluaciones'}`);
  }
  return `No se puede eliminar la categoría porque la usan ${parts.join(' y ')}. Reasígnalos antes de eliminarla.`;
}

/** The list, or a page of it (?q=&page=&pageSize=). */
export function listCategoriesPage(
  db: Kysely<Database>,
  query: PageQuery,
): Promise<Category[] | Paged<Category>> {
  return listOrPage(query, (slice) => listCategories(db, slice));
}

export async function getCategory(db: Kysely<Database>, id: number): Promise<Category> {
  const category = await findCategory(db, id);
  if (!category) throw notFound(CATEGORY_MESSAGES.notFound);
  return category;
}

async function assertNameFree(db: Kysely<Database>, name: string, exceptId?: number): Promise<void> {
  const existing = await findCategoryByKey(db, categoryKey(name));
  if (existing && existing.id !== exceptId)
    throw conflict(CATEGORY_MESSAGES.duplicate, ERROR_CODES.duplicateName);
}

/** Writes run in one transaction with their audit entry; a unique-index race still answers 409. */
export async function createCategory(db: Kysely<Database>, name: string, actor: Actor): Promise<Category> {
  try {
    return await db.transaction().execute(async (trx) => {
      await assertNameFree(trx, name);
      const created = await insertCategory(trx, name);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'category',
        entityId: created.id,
        after: created,
        ip: actor.ip,
      });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CATEGORY_MESSAGES.duplicate, ERROR_CODES.duplicateName);
    throw err;
  }
}

export async function renameCategory(
  db: Kysely<Database>,
  id: number,
  name: string,
  actor: Actor,
): Promise<Category> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await findCategory(trx, id);
      if (!before) throw notFound(CATEGORY_MESSAGES.notFound);
      await assertNameFree(trx, name, id);
      const after = await updateCategory(trx, id, name);
      if (!after) throw notFound(CATEGORY_MESSAGES.notFound);
      await audit(trx, {
        userId: actor.userId,
        action: 'update',
        entity: 'category',
        entityId: id,
        before,
        after,
        ip: actor.ip,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CATEGORY_MESSAGES.duplicate, ERROR_CODES.duplicateName);
    throw err;
  }
}

export async function removeCategory(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findCategory(trx, id);
      if (!before) throw notFound(CATEGORY_MESSAGES.notFound);
      const usage = await categoryUsage(trx, id);
      if (usage.users > 0 || usage.evaluations > 0) throw inUse(inUseMessage(usage));
      await deleteCategory(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'delete',
        entity: 'category',
        entityId: id,
        before,
        ip: actor.ip,
      });
    });
  } catch (err) {
    // Someone assigned the category between our check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(err)) throw inUse(CATEGORY_MESSAGES.inUseRace);
    throw err;
  }
}

/** The key a category's name is compared by (the staff import matches its cells with it). */
export { categoryKey } from './repository';
