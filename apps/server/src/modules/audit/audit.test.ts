import {
  AUDIT_MESSAGES,
  allEndpoints,
  endpointKey,
  auditEndpoints,
  categoryEndpoints,
  questionBankEndpoints,
  setupEndpoints,
  userEndpoints,
  v2EvaluationEndpoints,
  type AuditRow,
  type EndpointDef,
} from '@evalua/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAllForbidden } from '../../../test/access';
import { answerOf } from '../../../test/answer';
import { insertCategory } from '../../../test/authz/records';
import { urlOf, type AuditCase, type AuditEnv, type ExpectedEntry } from '../../../test/cases';
import { AUDIT_CASES } from '../../../test/cases-registry';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';
import { createV2Draft } from '../../../test/v2';
import { bootstrap } from '../setup';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const keyOf = (e: EndpointDef) => endpointKey(e.method, e.path);

async function maxAuditId(ctx: TestContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function entriesAfter(ctx: TestContext, id: number) {
  return ctx.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
}

/**
 * Mutating endpoints without an audit case (each module's `audit` cases, src/modules/<m>/<m>.cases.ts),
 * and why. Every other POST/PUT/PATCH/DELETE endpoint needs one, or the test below fails.
 */
const WITHOUT_AUDIT_CASE: ReadonlyArray<{ endpoint: EndpointDef; because: string }> = [
  {
    endpoint: setupEndpoints.complete,
    because:
      "it only works on an empty database: its entry (and the first login's) is checked by " +
      "'the setup and the first login are the first entries' below",
  },
];

/** Writes refused before or while they run: each must leave the log as it was. */
const REFUSED: Array<{
  name: string;
  run(env: AuditEnv): Promise<{ res: LightMyRequestResponse; status: number }>;
}> = [
  {
    name: 'a duplicate category (409)',
    async run({ ctx, admin, mark }) {
      const cat = await insertCategory(ctx);
      await mark();
      return { res: await admin.post(urlOf(categoryEndpoints.create), { name: cat.name }), status: 409 };
    },
  },
  {
    name: 'deleting a category in use (409)',
    async run({ ctx, hr, mark }) {
      const cat = await insertCategory(ctx);
      await createUser(ctx, { category_id: cat.id });
      await mark();
      return {
        res: await hr.delete(urlOf(categoryEndpoints.remove, { params: { id: cat.id } })),
        status: 409,
      };
    },
  },
  {
    name: "a user given another user's e-mail (409)",
    async run({ ctx, admin, mark }) {
      const a = await createUser(ctx);
      const b = await createUser(ctx);
      await mark();
      const res = await admin.put(urlOf(userEndpoints.update, { params: { id: a.id } }), {
        name: a.name,
        email: b.email,
        role: 'colaborador',
        position: null,
        department: null,
        category_id: null,
      });
      return { res, status: 409 };
    },
  },
  {
    name: 'a 360 draft closed without being opened (409)',
    async run({ admin, mark }) {
      const draft = await createV2Draft(admin);
      await mark();
      return {
        res: await admin.patch(urlOf(v2EvaluationEndpoints.update, { params: { id: draft.id } }), {
          status: 'closed',
        }),
        status: 409,
      };
    },
  },
  {
    name: 'an invalid body (400)',
    async run({ admin, mark }) {
      await mark();
      return { res: await admin.post(urlOf(categoryEndpoints.create), { name: '   ' }), status: 400 };
    },
  },
  {
    name: 'a call outside the role (403)',
    async run({ ctx, mark }) {
      const { client } = await loginAs(ctx, 'colaborador');
      await mark();
      return {
        res: await client.post(urlOf(categoryEndpoints.create), { name: unique('Categoría') }),
        status: 403,
      };
    },
  },
  {
    name: 'a failed login (401)',
    async run({ ctx, mark }) {
      const user = await createUser(ctx);
      await mark();
      return { res: await ctx.client().login(user.email, 'Clave-Equivocada-1'), status: 401 };
    },
  },
];

describeEngines('audit log', (t) => {
  let env: AuditEnv;
  let markId: number | undefined;
  let setupEntries: Awaited<ReturnType<typeof entriesAfter>>;
  let setupAdminId: number;

  beforeAll(async () => {
    const ctx = t();
    // The first administrator comes from the setup link: the setup and the first login are audited too.
    const boot = await bootstrap(ctx.db, undefined);
    if (boot.kind !== 'setup-link') throw new Error('expected a setup link on an empty database');
    const email = `${unique('primera')}@prueba.do`;
    const setup = await ctx.client().post(urlOf(setupEndpoints.complete), {
      token: boot.token,
      name: 'Primera Administradora',
      email,
      password: 'Clave-Admin-Segura-1',
    });
    if (setup.statusCode !== 201) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
    setupAdminId = answerOf(setupEndpoints.complete, setup).user.id;
    const admin = ctx.client();
    const login = await admin.login(email, 'Clave-Admin-Segura-1');
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode}`);
    setupEntries = await entriesAfter(ctx, 0);
    const hr = await loginAs(ctx, 'gestionhumana');
    env = {
      ctx,
      admin,
      adminId: setupAdminId,
      hr: hr.client,
      hrId: hr.user.id,
      async mark() {
        markId = await maxAuditId(ctx);
      },
    };
  });

  it('the setup and the first login are the first entries, with who, where and when', () => {
    expect(setupEntries.map((e) => [e.action, e.entity, e.entity_id, e.user_id])).toEqual([
      ['setup', 'user', setupAdminId, setupAdminId],
      ['login', 'user', setupAdminId, setupAdminId],
    ]);
    for (const e of setupEntries) {
      expect(e.ip).toBeTruthy();
      expect(Date.parse(e.created_at)).not.toBeNaN();
    }
    expect(JSON.parse(setupEntries[0]?.after_json ?? 'null')).toEqual({
      email: expect.stringContaining('@'),
    });
  });

  it('every mutating endpoint has an audit case, or a reason not to (a new route needs its audit check)', () => {
    const mutating = allEndpoints().filter((e) => MUTATING.has(e.method));
    expect(mutating.length).toBeGreaterThan(40);
    const covered = [...AUDIT_CASES.map((c) => c.endpoint), ...WITHOUT_AUDIT_CASE.map((c) => c.endpoint)];
    expect(
      mutating.filter((e) => !covered.includes(e)).map(keyOf),
      'mutating endpoints without an audit case',
    ).toEqual([]);
    // And every case names a mutating endpoint of the contracts, once.
    expect(covered.filter((e) => !mutating.includes(e)).map(keyOf)).toEqual([]);
    expect(covered.filter((e, i) => covered.indexOf(e) !== i).map(keyOf), 'endpoints with two cases').toEqual(
      [],
    );
  });

  describe.each(AUDIT_CASES.map((c): [string, AuditCase] => [keyOf(c.endpoint), c]))('%s', (_route, c) => {
    it('writes its entry (who, what, which record, before/after, address) with the change', async () => {
      markId = undefined;
      const out = await c.run(env);
      expect(out.res.statusCode, out.res.body).toBe(out.status);
      if (markId === undefined) throw new Error('the case did not mark the log before its call');
      const written = await entriesAfter(t(), markId);
      expect(written.map((e) => `${e.action} ${e.entity}`)).toEqual(
        out.entries.map((e) => `${e.action} ${e.entity}`),
      );
      written.forEach((row, i) => {
        const want = out.entries[i] as ExpectedEntry;
        expect(row.entity_id).toEqual(want.entity_id);
        expect(row.user_id).toBe(want.user);
        expect(row.ip).toBeTruthy();
        expect(Date.parse(row.created_at)).toBeGreaterThan(Date.now() - 60_000);
        const before = JSON.parse(row.before_json ?? 'null') as unknown;
        const after = JSON.parse(row.after_json ?? 'null') as unknown;
        if (want.before === null) expect(before).toBeNull();
        else if (want.before !== undefined) expect(before).toMatchObject(want.before);
        if (want.after === null) expect(after).toBeNull();
        else if (want.after !== undefined) expect(after).toMatchObject(want.after);
        // No password, hash or session token ever reaches the log.
        expect(`${row.before_json}${row.after_json}`).not.toMatch(/password|\$argon2|csrf/i);
      });
      // A call that writes nothing (the import preview) leaves nothing to read back.
      if (written.length === 0) return;
      // The API shows the same newest entry to an administrator.
      const last = written.at(-1) as (typeof written)[number];
      const page = await env.admin.get(
        urlOf(auditEndpoints.list, {
          query: { entity: last.entity, action: last.action, pageSize: 1, from: last.created_at },
        }),
      );
      expect(page.statusCode).toBe(200);
      const row = answerOf(auditEndpoints.list, page).rows[0] as AuditRow;
      expect(row).toMatchObject({
        id: last.id,
        user_id: last.user_id,
        entity_id: last.entity_id,
        created_at: last.created_at,
        before: JSON.parse(last.before_json ?? 'null'),
        after: JSON.parse(last.after_json ?? 'null'),
        ip: last.ip,
      });
      expect(row.user_name).toBeTruthy();
    });
  });

  it.each(REFUSED.map((r) => [r.name, r]))('%s leaves no entry', async (_name, r) => {
    markId = undefined;
    const { res, status } = await r.run(env);
    expect(res.statusCode, res.body).toBe(status);
    if (markId === undefined) throw new Error('the case did not mark the log');
    expect(await entriesAfter(t(), markId)).toEqual([]);
  });

  it('a change whose entry cannot be written is not made (one transaction)', async () => {
    const ctx = t();
    const victim = await createUser(ctx, { name: 'Nombre Intacto' });
    const refuse = `after_json like '%Rechazar-Auditoría%' or (action = 'login' and user_id = ${victim.id})`;
    if (ctx.engine === 'sqlite') {
      await sql
        .raw(
          `create trigger test_refuse_audit before insert on audit_log when ${refuse} ` +
            `begin select raise(abort, 'audit refused'); end`,
        )
        .execute(ctx.db);
    } else {
      await sql
        .raw(`alter table audit_log add constraint test_refuse_audit check (not coalesce(${refuse}, false))`)
        .execute(ctx.db);
    }
    try {
      const name = `Rechazar-Auditoría ${unique('x')}`;
      const created = await env.admin.post(urlOf(categoryEndpoints.create), { name }, { expect5xx: true });
      expect(created.statusCode).toBe(500);
      expect(await ctx.db.selectFrom('categories').select('id').where('name', '=', name).execute()).toEqual(
        [],
      );

      const bank = await env.hr.post(
        urlOf(questionBankEndpoints.create),
        { name, description: null },
        { expect5xx: true },
      );
      expect(bank.statusCode).toBe(500);
      expect(
        await ctx.db.selectFrom('question_banks').select('id').where('name', '=', name).execute(),
      ).toEqual([]);

      const renamed = await env.admin.put(
        urlOf(userEndpoints.update, { params: { id: victim.id } }),
        {
          name,
          email: victim.email,
          role: 'colaborador',
          position: null,
          department: null,
          category_id: null,
        },
        { expect5xx: true },
      );
      expect(renamed.statusCode).toBe(500);
      const row = await ctx.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', victim.id)
        .executeTakeFirst();
      expect(row?.name).toBe('Nombre Intacto');

      // A login whose entry fails leaves no session behind (and no cookie that works).
      const client = ctx.client();
      expect((await client.login(victim.email, DEFAULT_PASSWORD, { expect5xx: true })).statusCode).toBe(500);
      const sessions = await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', victim.id)
        .execute();
      expect(sessions).toEqual([]);
    } finally {
      if (ctx.engine === 'sqlite') await sql.raw('drop trigger test_refuse_audit').execute(ctx.db);
      else await sql.raw('alter table audit_log drop constraint test_refuse_audit').execute(ctx.db);
    }
  });

  describe('GET /api/audit', () => {
    const ENTITY = 'prueba_paginado';
    /** 25 rows, one a day at noon UTC from 2020-01-01; odd days by the admin and 'update', even days by nobody. */
    beforeAll(async () => {
      const ctx = t();
      await ctx.db
        .insertInto('audit_log')
        .values(
          Array.from({ length: 25 }, (_, i) => ({
            user_id: i % 2 === 0 ? env.adminId : null,
            action: i % 2 === 0 ? 'update' : 'create',
            entity: ENTITY,
            entity_id: i + 1,
            before_json: i % 2 === 0 ? JSON.stringify({ day: i }) : null,
            after_json: i === 0 ? 'texto que no es JSON' : JSON.stringify({ day: i + 1, list: [1, 2] }),
            ip: '10.0.0.1',
            created_at: `2020-01-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`,
          })),
        )
        .execute();
      // Two entries in the same millisecond: the later id comes first.
      await ctx.db
        .insertInto('audit_log')
        .values(
          [1, 2].map((n) => ({
            user_id: null,
            action: 'empate',
            entity: ENTITY,
            entity_id: 100 + n,
            before_json: null,
            after_json: null,
            ip: null,
            created_at: '2019-12-31T00:00:00.000Z',
          })),
        )
        .execute();
    });

    const get = async (query: string) => {
      const res = await env.admin.get(`${urlOf(auditEndpoints.list)}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return answerOf(auditEndpoints.list, res);
    };

    it('answers 401 without a session and 403 to every role but admin', async () => {
      const anon = await t().client().get(urlOf(auditEndpoints.list));
      expect(anon.statusCode).toBe(401);
      await expectAllForbidden(
        t(),
        ['gestionhumana', 'evaluador', 'colaborador'],
        [
          { method: 'GET', url: urlOf(auditEndpoints.list) },
          { method: 'GET', url: urlOf(auditEndpoints.list, { query: { entity: ENTITY } }) },
        ],
      );
    });

    it('pages on the server, 20 by default, newest first', async () => {
      const first = await get(`entity=${ENTITY}`);
      expect(first).toMatchObject({ total: 27, page: 1, pageSize: 20 });
      expect(first.rows).toHaveLength(20);
      expect(first.rows.map((r) => r.entity_id)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
      const second = await get(`entity=${ENTITY}&page=2`);
      expect(second.rows.map((r) => r.entity_id)).toEqual([5, 4, 3, 2, 1, 102, 101]);
      const small = await get(`entity=${ENTITY}&page=3&pageSize=10`);
      expect(small).toMatchObject({ total: 27, page: 3, pageSize: 10 });
      expect(small.rows.map((r) => r.entity_id)).toEqual([5, 4, 3, 2, 1, 102, 101]);
      expect((await get(`entity=${ENTITY}&page=9`)).rows).toEqual([]);
      // Without filters the whole log, newest first.
      const all = await get('pageSize=200');
      expect(all.total).toBeGreaterThan(27);
      const times = all.rows.map((r) => r.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('answers the rows with the author, and before/after parsed (or null)', async () => {
      const rows = (await get(`entity=${ENTITY}&pageSize=200`)).rows;
      const day1 = rows.find((r) => r.entity_id === 1) as AuditRow;
      const day2 = rows.find((r) => r.entity_id === 2) as AuditRow;
      expect(day1).toEqual({
        id: expect.any(Number),
        created_at: '2020-01-01T12:00:00.000Z',
        user_id: env.adminId,
        user_name: 'Primera Administradora',
        action: 'update',
        entity: ENTITY,
        entity_id: 1,
        before: { day: 0 },
        after: 'texto que no es JSON',
        ip: '10.0.0.1',
      });
      expect(day2).toMatchObject({
        user_id: null,
        user_name: null,
        before: null,
        after: { day: 2, list: [1, 2] },
      });
      const tie = rows.find((r) => r.entity_id === 101) as AuditRow;
      expect(tie).toMatchObject({ before: null, after: null, ip: null });
    });

    it('filters by user, entity and action, together', async () => {
      expect((await get(`entity=${ENTITY}&action=update`)).total).toBe(13);
      expect((await get(`entity=${ENTITY}&action=create`)).total).toBe(12);
      expect((await get(`entity=${ENTITY}&user_id=${env.adminId}`)).total).toBe(13);
      expect((await get(`entity=${ENTITY}&user_id=${env.adminId}&action=create`)).total).toBe(0);
      const mine = await get(`user_id=${env.hrId}&pageSize=200`);
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.rows.every((r) => r.user_id === env.hrId)).toBe(true);
      const logins = await get('action=login&pageSize=200');
      expect(logins.rows.every((r) => r.action === 'login' && r.entity === 'user')).toBe(true);
      expect((await get('entity=no_existe')).total).toBe(0);
    });

    it('filters by date range: whole days for dates, exact instants for date-times', async () => {
      const days = async (query: string) =>
        (await get(`entity=${ENTITY}&pageSize=200&${query}`)).rows.map((r) => r.entity_id);
      expect(await days('from=2020-01-10&to=2020-01-12')).toEqual([12, 11, 10]);
      expect(await days('from=2020-01-24')).toEqual([25, 24]);
      expect(await days('to=2020-01-01')).toEqual([1, 102, 101]);
      expect(await days('from=2020-01-05&to=2020-01-05')).toEqual([5]);
      expect(
        await days(
          `from=${encodeURIComponent('2020-01-10T12:00:00.000Z')}&to=${encodeURIComponent('2020-01-11T12:00:00Z')}`,
        ),
      ).toEqual([11, 10]);
      // The same instants with an offset (the screen sends local days as instants).
      expect(
        await days(
          `from=${encodeURIComponent('2020-01-10T08:00:00-04:00')}&to=${encodeURIComponent('2020-01-10T08:00:01-04:00')}`,
        ),
      ).toEqual([10]);
    });

    it.each([
      ['user_id=abc', AUDIT_MESSAGES.userInvalid],
      ['user_id=0', AUDIT_MESSAGES.userInvalid],
      ['entity=Categoría!', AUDIT_MESSAGES.entityInvalid],
      ['action=' + 'x'.repeat(60), AUDIT_MESSAGES.actionInvalid],
      ['from=ayer', AUDIT_MESSAGES.fromInvalid],
      ['from=2026-02-30', AUDIT_MESSAGES.fromInvalid],
      ['to=2026-13-01', AUDIT_MESSAGES.toInvalid],
      ['to=2026-01-01T25:00:00Z', AUDIT_MESSAGES.toInvalid],
      ['from=2026-03-02&to=2026-03-01', AUDIT_MESSAGES.rangeOrder],
      ['page=0', AUDIT_MESSAGES.pageInvalid],
      ['pageSize=500', AUDIT_MESSAGES.pageSizeInvalid],
    ])('?%s answers 400: %s', async (query, message) => {
      const res = await env.admin.get(`${urlOf(auditEndpoints.list)}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(message);
    });
  });
});
