import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The uploaded logo (the one row, id 1), or undefined. */
export function findLogo(db: Kysely<Database>) {
  return db
    .selectFrom('organization_logo')
    .select(['image', 'media_type', 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

/** Its size and type without its bytes. */
export function findLogoInfo(db: Kysely<Database>) {
  return db
    .selectFrom('organization_logo')
    .select((eb) => ['media_type', 'updated_at', eb.fn<number>('length', ['image']).as('bytes')])
    .where('id', '=', 1)
    .executeTakeFirst();
}

export async function saveLogo(
  db: Kysely<Database>,
  row: { image: Buffer; media_type: string; updated_at: string; updated_by: number },
): Promise<void> {
  await db
    .insertInto('organization_logo')
    .values({ id: 1, ...row })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        image: row.image,
        media_type: row.media_type,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}

/** Removes the logo: how many rows went (0 when there was none). */
export async function deleteLogo(db: Kysely<Database>): Promise<number> {
  const res = await db.deleteFrom('organization_logo').where('id', '=', 1).executeTakeFirst();
  return Number(res.numDeletedRows);
}
