import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser } from '../../../test/factories';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { releaseLoginAttempt, reserveLoginAttempt, type ThrottleLimits } from './login-throttle-service';

/**
 * The database refuses to delete login reservations, as it does while it is down or restarting
 * (a real refusal of the real database: a trigger, not a stand-in).
 */
async function refuseDeletes(db: Kysely<Database>, engine: Engine, on: boolean): Promise<void> {
  if (engine === 'sqlite') {
    if (on)
      await sql`CREATE TRIGGER refuse_release BEFORE DELETE ON login_failures BEGIN SELECT RAISE(ABORT, 'caída'); END`.execute(
        db,
      );
    else await sql`DROP TRIGGER refuse_release`.execute(db);
    return;
  }
  if (on) {
    await sql`CREATE OR REPLACE FUNCTION refuse_release() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'caída'; END $$ LANGUAGE plpgsql`.execute(
      db,
    );
    await sql`CREATE TRIGGER refuse_release BEFORE DELETE ON login_failures FOR EACH ROW EXECUTE FUNCTION refuse_release()`.execute(
      db,
    );
  } else await sql`DROP TRIGGER refuse_release ON login_failures`.execute(db);
}

function limitsOf(t: TestContext): ThrottleLimits {
  return {
    maxAttempts: t.config.loginMaxAttempts,
    lockMinutes: t.config.loginLockMinutes,
    maxFailuresPerAddress: t.config.loginMaxFailuresPerAddress,
  };
}

async function rowsFor(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEngines('login reservations the database could not take back', (t) => {
  it('are taken back by the next attempt: an outage during logins locks nobody out', async () => {
    const ctx = t();
    const user = await createUser(ctx);
    const limits = limitsOf(ctx);
    // Attempts whose password was never checked (the database went away), as many as the lock counts.
    await refuseDeletes(ctx.db, ctx.engine, true);
    try {
      for (let i = 0; i < limits.maxAttempts; i += 1) {
        const id = await reserveLoginAttempt(ctx.db, user.email, '203.0.113.40', limits);
        expect(id).not.toBeNull();
        // Never throws, even though the delete is refused.
        await releaseLoginAttempt(ctx.db, id!);
      }
      expect(await rowsFor(ctx.db, user.email)).toBe(limits.maxAttempts);
    } finally {
      await refuseDeletes(ctx.db, ctx.engine, false);
    }
    // The database is back: the person logs in with the right password, not told to wait.
    const res = await ctx.client().login(user.email, DEFAULT_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsFor(ctx.db, user.email)).toBe(0);
  });
});
