import {
  USER_MANAGER_MESSAGES,
  userEndpoints,
  usersImportEndpoints,
  IMPORT_MESSAGES,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, reply } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';

const csvOf = (...lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;
const mail = (prefix: string) => `${unique(prefix)}@importa.do`;

async function managerOf(t: TestContext, email: string): Promise<number | null | undefined> {
  const row = await t.db
    .selectFrom('users')
    .select('manager_id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.manager_id;
}

async function idOf(t: TestContext, email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEngines("users import: the 'reporta_a' column", (t) => {
  it('sets managers from e-mails, a manager further down the file included, and audits it', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const boss = await createUser(t(), { name: unique('Jefa existente'), role: 'evaluador' });
    const [a, b, c] = [mail('a'), mail('b'), mail('c')];
    const csv = csvOf(
      'nombre;correo;rol;reporta_a',
      `Ana;${a};colaborador;${c.toUpperCase()}`,
      `Beto;${b};colaborador;${boss.email}`,
      `Carla;${c};evaluador;`,
    );
    const preview = (await call(client, usersImportEndpoints.preview, { body: { csv } })).body;
    expect(preview.rows.map((r) => [r.action, r.manager, r.errors])).toEqual([
      ['create', c, []],
      ['create', boss.email.toLowerCase(), []],
      ['create', null, []],
    ]);
    const res = await call(client, usersImportEndpoints.apply, { body: { csv } });
    expect(res.status).toBe(200);
    expect(await managerOf(t(), a)).toBe(await idOf(t(), c));
    expect(await managerOf(t(), b)).toBe(boss.id);
    expect(await managerOf(t(), c)).toBeNull();
    const trail = await t()
      .db.selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'user')
      .where('entity_id', '=', await idOf(t(), a))
      .where('action', '=', 'update')
      .execute();
    expect(trail.map((e) => JSON.parse(e.after_json!))).toEqual([{ manager_id: await idOf(t(), c) }]);

    // A second import with the column empty clears it; without the column it is kept.
    await call(client, usersImportEndpoints.apply, {
      body: { csv: csvOf('nombre;correo;rol', `Beto;${b};colaborador`) },
    });
    expect(await managerOf(t(), b)).toBe(boss.id);
    await call(client, usersImportEndpoints.apply, {
      body: { csv: csvOf('nombre;correo;rol;reporta a', `Beto;${b};colaborador;`) },
    });
    expect(await managerOf(t(), b)).toBeNull();
  });

  it('flags unknown, inactive, self, in-error and cyclic managers as row errors in Spanish', async () => {
    const { client } = await loginAs(t(), 'admin');
    const gone = await createUser(t(), { active: 0 });
    const x = await createUser(t(), { name: unique('X') });
    const y = await createUser(t(), { name: unique('Y') });
    await t().db.updateTable('users').set({ manager_id: x.id }).where('id', '=', y.id).execute();
    const unknown = mail('nadie');
    const [p1, p2, p3, p4] = [mail('p1'), mail('p2'), mail('p3'), mail('p4')];
    const csv = csvOf(
      'nombre;correo;rol;reporta_a',
      `Uno;${p1};colaborador;${unknown}`,
      `Dos;${p2};colaborador;${gone.email}`,
      `Tres;${p3};colaborador;${p3}`,
      `Cuatro;${p4};colaborador;${p1}`,
      `X;${x.email};colaborador;${y.email}`,
    );
    const res = await call(client, usersImportEndpoints.preview, { body: { csv } });
    const rows = res.body.rows;
    expect(rows.map((r) => r.errors)).toEqual([
      [IMPORT_MESSAGES.managerUnknown(unknown)],
      [IMPORT_MESSAGES.managerInactive(gone.email.toLowerCase())],
      [IMPORT_MESSAGES.managerSelf],
      [IMPORT_MESSAGES.managerInError(p1)],
      [IMPORT_MESSAGES.managerCycle],
    ]);
    const applied = (await call(client, usersImportEndpoints.apply, { body: { csv } })).body;
    expect(applied).toMatchObject({ created: 0, updated: 0, skipped: 5 });
    expect(await managerOf(t(), x.email)).toBeNull();
  });

  it("never stores a cycle when an import and an edit make two people each other's manager at once", async () => {
    const { client } = await loginAs(t(), 'admin');
    const other = (await loginAs(t(), 'admin')).client;
    for (let round = 0; round < 5; round += 1) {
      const a = await createUser(t(), { name: unique('A') });
      const b = await createUser(t(), { name: unique('B') });
      // The file makes A B's manager; the edit makes B A's manager.
      const csv = csvOf('nombre;correo;rol;reporta_a', `${b.name};${b.email};colaborador;${a.email}`);
      const [applied, edited] = await Promise.all([
        call(client, usersImportEndpoints.apply, { body: { csv } }),
        reply(other, userEndpoints.update, {
          params: { id: a.id },
          body: {
            name: a.name,
            email: a.email,
            role: 'colaborador',
            position: '',
            department: '',
            category_id: null,
            manager_id: b.id,
          },
        }),
      ]);
      const result = applied.body;
      if (edited.ok) {
        // The edit went first: the import's row is refused as a cycle.
        expect(result).toMatchObject({ updated: 0, skipped: 1 });
        expect([await managerOf(t(), a.email), await managerOf(t(), b.email)]).toEqual([b.id, null]);
      } else {
        expect(edited.status).toBe(400);
        expect(edited.body.error).toBe(USER_MANAGER_MESSAGES.managerCycle);
        expect(result).toMatchObject({ updated: 1, skipped: 0 });
        expect([await managerOf(t(), a.email), await managerOf(t(), b.email)]).toEqual([null, a.id]);
      }
    }
  });
});
