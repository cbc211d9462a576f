import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/engines';
import { NamedStatements } from './pg-named';

/**
 * Decision 061: on PostgreSQL the statements the app repeats are prepared once per connection, at
 * most a bounded number per connection, and a schema change under them (another instance's
 * migration) is survived. Checked against the real server through pg_prepared_statements.
 */
const onPostgres = testEngines().includes('postgres');

interface Tables {
  piece: { id: number; label: string };
}

describe.skipIf(!onPostgres)('named prepared statements on PostgreSQL (decision 061)', () => {
  const schema = `named_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = process.env.TEST_DATABASE_URL as string;
  let admin: pg.Client;

  /** A database over one connection (so each call sees that connection's statements). */
  function open(options: { perConnection?: number } = {}) {
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    const named = new NamedStatements(options);
    return new Kysely<Tables>({ dialect: new PostgresDialect({ pool: named.wrap(pool) }) });
  }

  /** The statements prepared on the database's one connection. */
  async function prepared(db: Kysely<Tables>): Promise<string[]> {
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      db,
    );
    return rows.map((r) => r.statement).sort();
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.piece (id integer primary key, label text not null)`);
    await admin.query(`insert into ${schema}.piece values (1, 'uno'), (2, 'dos'), (3, 'tres')`);
  });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  const byId = (db: Kysely<Tables>, id: number) =>
    db.selectFrom('piece').select(['id', 'label']).where('id', '=', id).execute();

  it('prepares a statement once it repeats, and keeps answering right with it', async () => {
    const db = open();
    try {
      expect(await byId(db, 1)).toEqual([{ id: 1, label: 'uno' }]);
      // Seen once: still unnamed.
      expect(await prepared(db)).toEqual([]);
      expect(await byId(db, 2)).toEqual([{ id: 2, label: 'dos' }]);
      expect(await byId(db, 3)).toEqual([{ id: 3, label: 'tres' }]);
      expect(await byId(db, 9)).toEqual([]);
      const kept = await prepared(db);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toContain('from "piece" where "id" = $1');
      // Inside a transaction too, on the same statement.
      expect(await db.transaction().execute((trx) => byId(trx, 2))).toEqual([{ id: 2, label: 'dos' }]);
      expect(await prepared(db)).toHaveLength(1);
      // A statement without parameters (it may hold several commands) is never prepared.
      await sql`select 1`.execute(db);
      await sql`select 1`.execute(db);
      expect(await prepared(db)).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('keeps at most the bound on one connection; past it, new statements run unnamed', async () => {
    const db = open({ perConnection: 3 });
    try {
      for (let n = 1; n <= 6; n += 1) {
        // Each n is a text of its own (a constant in it), with one parameter.
        const query = async () =>
          (
            await sql<{
              label: string;
            }>`select label from piece where id <= ${n} and ${sql.raw(String(n))} > 0 order by id`.execute(db)
          ).rows;
        const expected = ['uno', 'dos', 'tres'].slice(0, Math.min(n, 3)).map((label) => ({ label }));
        expect(await query()).toEqual(expected);
        expect(await query()).toEqual(expected);
      }
      expect(await prepared(db)).toHaveLength(3);
    } finally {
      await db.destroy();
    }
  });

  it('survives a schema change under a kept statement (another instance’s migration)', async () => {
    const db = open();
    const all = (id: number, on: Kysely<Tables> = db) =>
      on.selectFrom('piece').selectAll().where('id', '=', id).execute();
    try {
      await all(1);
      expect(await all(1)).toEqual([{ id: 1, label: 'uno' }]);
      expect(await prepared(db)).toHaveLength(1);
      await admin.query(`alter table ${schema}.piece add column note text not null default 'nueva'`);
      // The kept plan's result type changed: prepared afresh and run again, with the new column.
      expect(await all(1)).toEqual([{ id: 1, label: 'uno', note: 'nueva' }]);
      // The old statement was freed: one kept, the new one.
      expect(await prepared(db)).toHaveLength(1);
      expect(await all(2)).toEqual([{ id: 2, label: 'dos', note: 'nueva' }]);

      await admin.query(`alter table ${schema}.piece drop column note`);
      // Inside a transaction the failed statement has already spoilt it: the transaction fails, and
      // the next call finds fresh statements.
      await expect(db.transaction().execute((trx) => all(3, trx))).rejects.toMatchObject({ code: '0A000' });
      expect(await db.transaction().execute((trx) => all(3, trx))).toEqual([{ id: 3, label: 'tres' }]);
    } finally {
      await db.destroy();
    }
  });
});
