import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestContext, describeEngines } from '../../test/context';
import { testEngines } from '../../test/engines';
import { createUser } from '../../test/factories';
import { STAMP_TOPICS } from './migrations/0011-data-stamps';
import { StampedCache, stampReader } from './stamps';

const readUsers = stampReader(['users']);
const readAll = stampReader(['users', 'v1', 'v2']);

describeEngines('data stamps (decision 032)', (t) => {
  it('every table a topic follows has its triggers', async () => {
    for (const tables of Object.values(STAMP_TOPICS)) {
      for (const table of tables) {
        const names =
          t().engine === 'sqlite'
            ? (
                await sql<{ name: string }>`select name from sqlite_master
                  where type = 'trigger' and tbl_name = ${table} order by name`.execute(t().db)
              ).rows.map((r) => r.name)
            : (
                await sql<{ name: string }>`select tgname as name from pg_trigger
                  where tgrelid = ${table}::regclass and not tgisinternal`.execute(t().db)
              ).rows.map((r) => r.name);
        expect(names, table).toEqual(
          t().engine === 'sqlite'
            ? [`${table}_delete_stamp`, `${table}_insert_stamp`, `${table}_update_stamp`]
            : [`${table}_stamp`],
        );
      }
    }
  });

  it('an insert, an update and a delete each give the topic a new stamp, and only that topic', async () => {
    const seen = new Set<string>();
    const all = async () => {
      const stamp = await readAll(t().db);
      return Object.fromEntries(stamp.split(' ').map((s) => s.split(':') as [string, string]));
    };
    const before = await all();
    seen.add(before.users!);
    const user = await createUser(t(), { name: 'Sello Uno' });
    const afterInsert = await all();
    expect(seen.has(afterInsert.users!)).toBe(false);
    seen.add(afterInsert.users!);
    expect(afterInsert.v1).toBe(before.v1);
    expect(afterInsert.v2).toBe(before.v2);
    await t().db.updateTable('users').set({ name: 'Sello Dos' }).where('id', '=', user.id).execute();
    const afterUpdate = await readUsers(t().db);
    expect(seen.has(afterUpdate.slice('users:'.length))).toBe(false);
    seen.add(afterUpdate.slice('users:'.length));
    await t().db.deleteFrom('users').where('id', '=', user.id).execute();
    const afterDelete = await readUsers(t().db);
    expect(seen.has(afterDelete.slice('users:'.length))).toBe(false);
  });

  it('a transaction that fails leaves the stamp as it was', async () => {
    const user = await createUser(t());
    const before = await readUsers(t().db);
    await expect(
      t()
        .db.transaction()
        .execute(async (trx) => {
          await trx.updateTable('users').set({ name: 'Nunca' }).where('id', '=', user.id).execute();
          throw new Error('falla a propósito');
        }),
    ).rejects.toThrow('falla a propósito');
    expect(await readUsers(t().db)).toBe(before);
  });

  it('serves a value while the stamps hold, computes again after a change, shares one computation', async () => {
    const cache = new StampedCache<number>(['users'], 4);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      const row = await t()
        .db.selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const first = await Promise.all(Array.from({ length: 10 }, () => cache.get(t().db, 'n', compute)));
    expect(computed).toBe(1);
    expect(new Set(first).size).toBe(1);
    expect(await cache.get(t().db, 'n', compute)).toBe(first[0]);
    expect(computed).toBe(1);
    await createUser(t());
    expect(await cache.get(t().db, 'n', compute)).toBe(first[0]! + 1);
    expect(computed).toBe(2);
    // A change to another topic keeps it.
    await sql`update evaluations set name = name where 1 = 0`.execute(t().db);
    await cache.get(t().db, 'n', compute);
    expect(computed).toBe(2);
  });

  it('keeps no failed computation, and at most its number of keys', async () => {
    const cache = new StampedCache<string>(['users'], 2);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('no');
    };
    await expect(cache.get(t().db, 'x', failing)).rejects.toThrow('no');
    await expect(cache.get(t().db, 'x', failing)).rejects.toThrow('no');
    expect(calls).toBe(2);
    const made: string[] = [];
    const make = (v: string) => async () => {
      made.push(v);
      return v;
    };
    await cache.get(t().db, 'a', make('a'));
    await cache.get(t().db, 'b', make('b'));
    await cache.get(t().db, 'a', make('a'));
    await cache.get(t().db, 'c', make('c')); // 'b' is the least recently used: dropped
    await cache.get(t().db, 'a', make('a'));
    await cache.get(t().db, 'b', make('b'));
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('never serves one database’s value for another, even with equal stamps', async () => {
    const other = await createTestContext(t().engine);
    try {
      const cache = new StampedCache<string>(['v2'], 4);
      // Neither database has changed a 360 table: both stamps are 'v2:-'.
      expect(await stampReader(['v2'])(t().db)).toBe(await stampReader(['v2'])(other.db));
      expect(await cache.get(t().db, 'k', async () => 'first')).toBe('first');
      expect(await cache.get(other.db, 'k', async () => 'second')).toBe('second');
      expect(await cache.get(t().db, 'k', async () => 'again')).toBe('first');
    } finally {
      await other.close();
    }
  });
});

/**
 * PostgreSQL only (SQLite runs one writer at a time): a bump never waits for another transaction,
 * so it cannot take part in a deadlock — two open transactions change the same topic at once, and
 * the stamp counts both once they commit.
 */
describe.runIf(testEngines().includes('postgres'))('data stamps on PostgreSQL: bumps never wait', () => {
  it('lets a second transaction change a topic while a first one holds its change open', async () => {
    const t = await createTestContext('postgres');
    try {
      const a = await createUser(t);
      const b = await createUser(t);
      const other = await t.secondInstance();
      const before = Number((await readUsers(t.db)).slice('users:'.length));
      let bumped!: () => void;
      const firstBumped = new Promise<void>((resolve) => (bumped = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = t.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ name: 'Primera' }).where('id', '=', a.id).execute();
        bumped();
        await held;
      });
      await firstBumped;
      // Would wait for the first transaction's counter row, and time out, were bumps to queue.
      await other.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '2s'`.execute(trx);
        await trx.updateTable('users').set({ name: 'Segunda' }).where('id', '=', b.id).execute();
      });
      const whileOpen = Number((await readUsers(t.db)).slice('users:'.length));
      expect(whileOpen).toBe(before + 1);
      release();
      await first;
      expect(Number((await readUsers(t.db)).slice('users:'.length))).toBe(before + 2);
    } finally {
      await t.close();
    }
  });
});

/**
 * SQLite only: a read sees a group's released savepoints before its COMMIT (decision 020). Found by a
 * review: were the COMMIT to fail after a computation read such a write, the stamps would go back to
 * what they were when the computation began, and its value would be served until the next change.
 */
describe.runIf(testEngines().includes('postgres'))('data stamps on PostgreSQL: any search_path', () => {
  it('a write from a session with another search_path bumps this schema’s stamps (found by a review)', async () => {
    const t = await createTestContext('postgres');
    const client = new pg.Client({ connectionString: t.databaseUrl });
    try {
      const user = await createUser(t);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s;
      const before = await readUsers(t.db);
      await client.connect();
      await client.query('set search_path to pg_catalog');
      await client.query(`update "${schema}".users set name = 'Otra Ruta' where id = $1`, [user.id]);
      expect(await readUsers(t.db)).not.toBe(before);
    } finally {
      await client.end();
      await t.close();
    }
  });
});

describe('data stamps on SQLite: a group that fails', () => {
  it('never serves what was computed from the writes of a group whose COMMIT failed', async () => {
    const t = await createTestContext('sqlite');
    try {
      const driver = (t.db.getExecutor().adapter as unknown as { driver: { exec(sql: string): void } })
        .driver;
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const cache = new StampedCache<number>(['users'], 4);
      let write: Promise<unknown> | undefined;
      const computed = await cache.get(t.db, 'n', async () => {
        // A write joins the group; its savepoint is released before this computation reads.
        write = createUser(t, { name: 'Nunca Confirmada' });
        const exec = driver.exec.bind(driver);
        driver.exec = (statement: string) => {
          if (statement !== 'commit') return exec(statement);
          driver.exec = exec;
          throw new Error('disk I/O error');
        };
        await new Promise((resolve) => setImmediate(resolve));
        return count();
      });
      await expect(write).rejects.toThrow('disk I/O error');
      expect(computed).toBe(before + 1);
      expect(await count()).toBe(before);
      expect(await cache.get(t.db, 'n', count)).toBe(before);
    } finally {
      await t.close();
    }
  });
});
