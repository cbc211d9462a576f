import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { isConnectionError } from '../../src/db/errors';
import { testEngines } from '../engines';

/**
 * A pooled connection that PostgreSQL closes while the app holds it (inside a transaction, between two
 * queries — as at a restart) must fail that transaction with a connection error (the API maps it to
 * 503), not crash the process with an unhandled 'error' event, and the pool must serve again after.
 * (Found by pg-restart.test.ts: the whole app process died on `pg_ctl stop -m fast`.)
 */
describe.skipIf(!testEngines().includes('postgres'))(
  'a pooled PostgreSQL connection lost mid-transaction',
  () => {
    it('fails the transaction with a connection error and the pool recovers', async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const handle = openDatabase(url, { dataDir: '/tmp', pgPoolSize: 2 });
      const killer = new pg.Client({ connectionString: url });
      await killer.connect();
      try {
        const failure = await handle.db
          .transaction()
          .execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
            await killer.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            // Let the FATAL message arrive while no query runs on the client (the 'error' event case).
            await new Promise((r) => setTimeout(r, 300));
            await sql`select 1`.execute(trx);
            return 'committed';
          })
          .catch((err: unknown) => err);
        expect(failure).toBeInstanceOf(Error);
        expect(isConnectionError(failure), String(failure)).toBe(true);
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
        expect(rows[0]?.one).toBe(1);
      } finally {
        await killer.end();
        await handle.destroy();
      }
    });
  },
);
