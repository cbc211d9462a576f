import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupCommitSqliteDialect, type GroupCommitSqliteDriver } from './sqlite-driver';

interface Tables {
  parent: { id: number };
  item: { id: Generated<number>; v: string; parent_id: number | null };
}

let dir: string;
let file: string;
let db: Kysely<Tables>;
let driver: GroupCommitSqliteDriver;
/** A second connection to the same file: sees only what is committed. */
let other: SQLite.Database;

const committed = (v: string) =>
  other.prepare('select count(*) as n from item where v = ?').get(v) as { n: number };
/** Rows committed so far (seen by the other connection). */
const committedCount = () => (other.prepare('select count(*) as n from item').get() as { n: number }).n;
/** The position of a committed row in commit order (1-based by id). */
const committedAt = (v: string) =>
  (
    other.prepare('select count(*) as n from item where id <= (select id from item where v = ?)').get(v) as {
      n: number;
    }
  ).n;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-driver-'));
  file = path.join(dir, 'x.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL'); // as the app: the driver fsyncs the WAL
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`create table parent (id integer primary key);
    create table item (id integer primary key, v text not null unique,
      parent_id integer references parent(id) deferrable initially deferred)`);
  const dialect = new GroupCommitSqliteDialect(sqlite);
  driver = dialect.driver;
  db = new Kysely<Tables>({ dialect });
  other = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  other.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A transaction of two statements (so it yields between them, like a request's). */
function insertTwice(v: string, fail = false) {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('item').values({ v, parent_id: null }).execute();
    await trx
      .updateTable('item')
      .set({ v: `${v}!` })
      .where('v', '=', v)
      .execute();
    if (fail) throw new Error(`refused ${v}`);
    return v;
  });
}

describe('SQLite group commit', () => {
  it('acknowledges each transaction only after an fsync of the WAL that began after its COMMIT', async () => {
    // The real fsync, watched: what was committed when each fsync of the WAL began.
    let durableUpTo = 0;
    const files = new Set<string>();
    const realFsync = fs.fsync;
    const spy = vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, cb: (err: unknown) => void) => {
      files.add(path.basename(fs.readlinkSync(`/proc/self/fd/${fd}`)));
      const committedAtStart = committedCount();
      realFsync(fd, (err) => {
        if (!err) durableUpTo = Math.max(durableUpTo, committedAtStart);
        cb(err);
      });
    }) as typeof fs.fsync);
    try {
      const covered = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          insertTwice(`t${i}`).then((v) => committedAt(`${v}!`) <= durableUpTo),
        ),
      );
      expect(covered).toEqual(Array(30).fill(true));
      expect([...files]).toEqual(['x.db-wal']);
      expect(driver.stats.transactions).toBe(30);
      // Grouped: fewer COMMITs than transactions, and at most one fsync per COMMIT.
      expect(driver.stats.commits).toBeLessThan(30);
      expect(driver.stats.syncs).toBeGreaterThan(0);
      expect(driver.stats.syncs).toBeLessThanOrEqual(driver.stats.commits);
    } finally {
      spy.mockRestore();
    }
  });

  it('rolls back a failing transaction alone; the others commit', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => insertTwice(`f${i}`, i % 5 === 0)),
    );
    results.forEach((r, i) => {
      expect(r.status).toBe(i % 5 === 0 ? 'rejected' : 'fulfilled');
      expect(committed(`f${i}!`).n).toBe(i % 5 === 0 ? 0 : 1);
    });
  });

  it('fails only the transaction that breaks a unique key', async () => {
    await insertTwice('dup');
    const results = await Promise.allSettled([
      insertTwice('u1'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ v: 'u2', parent_id: null }).execute();
        await trx.insertInto('item').values({ v: 'dup!', parent_id: null }).execute();
      }),
      insertTwice('u3'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([committed('u1!').n, committed('u2').n, committed('u3!').n]).toEqual([1, 0, 1]);
  });

  it('fails every transaction of a group whose COMMIT fails, keeps none of them, and goes on', async () => {
    // A deferred foreign key is checked at COMMIT: one bad transaction makes the group's COMMIT fail.
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('item')
            .values({ v: `g${i}`, parent_id: i === 3 ? 999 : null })
            .execute();
          await trx.selectFrom('item').select('id').execute();
        }),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    expect(failed).toBeGreaterThan(1); // grouped with the bad one
    results.forEach((r, i) => expect(committed(`g${i}`).n).toBe(r.status === 'fulfilled' ? 1 : 0));
    expect(committed('g3').n).toBe(0);
    await expect(insertTwice('after')).resolves.toBe('after');
    expect(committed('after!').n).toBe(1);
  });

  it('commits a full group at once, each of its transactions on disk when acknowledged', async () => {
    const seen = await Promise.all(
      Array.from({ length: 150 }, (_, i) => insertTwice(`big${i}`).then((v) => committed(`${v}!`).n)),
    );
    expect(seen).toEqual(Array(150).fill(1));
    expect(driver.stats.transactions).toBe(150);
    expect(driver.stats.commits).toBeGreaterThanOrEqual(3); // 64 at most per group
  });

  it('makes writes outside a transaction durable too, each committed when it returns', async () => {
    const acks: Array<Promise<void>> = [];
    for (let i = 0; i < 10; i += 1) {
      acks.push(insertTwice(`m${i}`).then((v) => expect(committed(`${v}!`).n).toBe(1)));
      acks.push(
        db
          .insertInto('item')
          .values({ v: `p${i}`, parent_id: null })
          .execute()
          .then(() => expect(committed(`p${i}`).n).toBe(1)),
      );
    }
    await Promise.all(acks);
    expect(await db.selectFrom('item').select('v').execute()).toHaveLength(20);
    expect(driver.stats.transactions).toBe(20);
    expect(driver.stats.commits).toBeLessThan(20);
  });

  it('fails a write outside a transaction alone when it breaks a unique key', async () => {
    await insertTwice('one');
    const results = await Promise.allSettled([
      insertTwice('two'),
      db.insertInto('item').values({ v: 'one!', parent_id: null }).execute(),
      db.insertInto('item').values({ v: 'three', parent_id: null }).execute(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([committed('two!').n, committed('one!').n, committed('three').n]).toEqual([1, 1, 1]);
  });

  it('keeps a connection used for several writes out of a concurrent transaction', async () => {
    const [,] = await Promise.all([
      db.connection().execute(async (conn) => {
        await conn.insertInto('item').values({ v: 'c1', parent_id: null }).execute();
        await conn.insertInto('item').values({ v: 'c2', parent_id: null }).execute();
      }),
      insertTwice('x', true).catch(() => 'refused'),
    ]);
    // The refused transaction rolled back only its own rows.
    expect([committed('c1').n, committed('c2').n, committed('x!').n, committed('x').n]).toEqual([1, 1, 0, 0]);
  });

  it('keeps cached statements right across a schema change', async () => {
    await insertTwice('s');
    expect(Object.keys((await db.selectFrom('item').selectAll().execute())[0]!)).toHaveLength(3);
    await sql`alter table item add column note text`.execute(db);
    const [row] = await db.selectFrom('item').selectAll().execute();
    expect(row).toMatchObject({ v: 's!', note: null });
  });
});

describe('closing the database', () => {
  it('waits for a transaction still running: it is committed whole, never half', async () => {
    let inside!: () => void;
    const reached = new Promise<void>((resolve) => (inside = resolve));
    let goOn!: () => void;
    const proceed = new Promise<void>((resolve) => (goOn = resolve));
    const running = db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ v: 'mitad-1', parent_id: null }).execute();
      inside();
      await proceed;
      await trx.insertInto('item').values({ v: 'mitad-2', parent_id: null }).execute();
    });
    await reached;
    const closing = db.destroy();
    setTimeout(goOn, 50);
    await running;
    await closing;
    expect(committed('mitad-1').n).toBe(1);
    expect(committed('mitad-2').n).toBe(1);
  });
});
