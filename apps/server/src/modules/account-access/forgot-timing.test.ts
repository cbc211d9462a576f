import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { createUser, unique } from '../../../test/factories';
import { FORGOT_LIMITS } from './service';

/**
 * Forgot-password must not tell by its time whether an e-mail has an account: issuing a link (token,
 * message, audit entry) took 1–3 ms more than finding nobody, measurable over a few requests.
 */
describe.each(testEngines())('forgot-password answers in the same time [%s]', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function timed(email: string): Promise<number> {
    await t.db.deleteFrom('attempt_throttles').execute();
    const started = performance.now();
    const res = await t.client().post('/api/auth/forgot-password', { email });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(202);
    return ms;
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

  it('a known and an unknown e-mail are answered at the same moment, no sooner than the floor', async () => {
    const known = await createUser(t);
    const inactive = await createUser(t, { active: 0 });
    const times = { known: [] as number[], unknown: [] as number[], inactive: [] as number[] };
    for (let i = 0; i < 4; i += 1) {
      times.known.push(await timed(known.email));
      times.unknown.push(await timed(`${unique('nadie')}@prueba.do`));
      times.inactive.push(await timed(inactive.email));
    }
    const floor = FORGOT_LIMITS.answerAfterMs;
    for (const ms of [...times.known, ...times.unknown, ...times.inactive])
      expect(ms).toBeGreaterThanOrEqual(floor);
    // The link was really issued for the known e-mail (the work is hidden, not skipped).
    const sent = await t.db.selectFrom('outbox').select('id').where('user_id', '=', known.id).execute();
    expect(sent.length).toBe(4);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(floor / 5);
  });

  it('many requests at once are all held to the floor and all answered alike', async () => {
    await t.db.deleteFrom('attempt_throttles').execute();
    const known = await createUser(t);
    const started = performance.now();
    const answers = await Promise.all(
      [known.email, `${unique('nadie')}@prueba.do`, known.email, `${unique('nadie')}@prueba.do`].map(
        async (email) => {
          const res = await t.client().post('/api/auth/forgot-password', { email });
          return { status: res.statusCode, body: res.body, ms: performance.now() - started };
        },
      ),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    for (const a of answers) expect(a.ms).toBeGreaterThanOrEqual(FORGOT_LIMITS.answerAfterMs);
  });
});
