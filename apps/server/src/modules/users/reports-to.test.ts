import {
  USER_MANAGER_MESSAGES as M,
  onePage,
  userEndpoints,
  v2AssignmentEndpoints,
  v2NominationEndpoints,
  type CreateUserInput,
  type UpdateUserInput,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, reply, statusOf } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { createOpenV2, createV2Draft, setV2Status } from '../../../test/v2';

describeEngines("'Reporta a' on users and manager assignments", (t) => {
  const newUser = (managerId?: number | null): CreateUserInput => ({
    name: unique('Persona'),
    email: `${unique('p')}@prueba.do`,
    password: 'Clave-Segura-123',
    role: 'colaborador',
    position: '',
    department: '',
    category_id: null,
    ...(managerId === undefined ? {} : { manager_id: managerId }),
  });

  it('creates, reads, edits, lists and clears a manager, with its name, audited', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const boss = await createUser(t(), { name: unique('Jefa'), role: 'evaluador' });
    const created = await call(client, userEndpoints.create, { body: newUser(boss.id) });
    expect(created.status).toBe(201);
    const person = created.body;
    expect(person).toMatchObject({ manager_id: boss.id, manager_name: boss.name });

    const thePerson = { params: { id: person.id } };
    const read = await call(client, userEndpoints.get, thePerson);
    expect(read.body).toMatchObject({ manager_id: boss.id, manager_name: boss.name });

    const page = await call(client, userEndpoints.list, { query: { page: 1, q: person.name } });
    const rows = onePage(page.body).rows;
    expect(rows).toEqual([
      expect.objectContaining({ id: person.id, manager_id: boss.id, manager_name: boss.name }),
    ]);

    // An edit without manager_id keeps it; null clears it.
    const edit: UpdateUserInput = {
      name: person.name,
      email: person.email!,
      role: 'colaborador',
      position: 'Docente',
      department: '',
      category_id: null,
    };
    const kept = await call(client, userEndpoints.update, { ...thePerson, body: edit });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ manager_id: boss.id, position: 'Docente' });
    const cleared = await call(client, userEndpoints.update, {
      ...thePerson,
      body: { ...edit, manager_id: null },
    });
    expect(cleared.body).toMatchObject({ manager_id: null, manager_name: null });

    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', person.id)
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(JSON.parse(trail.at(-1)!.before_json!)).toMatchObject({ manager_id: boss.id });
    expect(JSON.parse(trail.at(-1)!.after_json!)).toMatchObject({ manager_id: null });
  });

  it('refuses oneself, an inactive or unknown manager, a cycle and a malformed id, in Spanish', async () => {
    const { client } = await loginAs(t(), 'admin');
    const a = await createUser(t(), { name: unique('A') });
    const b = await createUser(t(), { name: unique('B') });
    const gone = await createUser(t(), { active: 0 });
    const edit = (who: typeof a, managerId: number) => ({
      name: who.name,
      email: who.email,
      role: 'colaborador' as const,
      position: '',
      department: '',
      category_id: null,
      manager_id: managerId,
    });
    const put = (id: number, managerId: number, who: typeof a) =>
      reply(client, userEndpoints.update, { params: { id }, body: edit(who, managerId) });
    const refusedEdit = (id: number, managerId: number, who: typeof a) =>
      callExpecting(client, userEndpoints.update, { params: { id }, body: edit(who, managerId) }, 400);
    const cases: Array<[() => Promise<{ status: number; body: { error: string } }>, string]> = [
      [() => refusedEdit(a.id, a.id, a), M.managerSelf],
      [() => refusedEdit(a.id, gone.id, a), M.managerInactive],
      [() => refusedEdit(a.id, 99_999_999, a), M.managerInactive],
      [() => callExpecting(client, userEndpoints.create, { body: newUser(gone.id) }, 400), M.managerInactive],
    ];
    for (const [send, message] of cases) {
      const res = await send();
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    // A malformed id breaks the contract: sent raw.
    const malformed = await client.put(`/api/users/${a.id}`, { ...edit(a, 0), manager_id: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: string }>().error).toBe(M.managerInvalid);
    // a → b, then b → a would close a cycle (and a longer one too).
    expect((await put(a.id, b.id, a)).status).toBe(200);
    const cycle = await refusedEdit(b.id, a.id, b);
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toBe(M.managerCycle);
    const c = await createUser(t(), { name: unique('C') });
    expect((await put(b.id, c.id, b)).status).toBe(200);
    const longCycle = await refusedEdit(c.id, a.id, c);
    expect(longCycle.body.error).toBe(M.managerCycle);
    // A manager deactivated later does not block editing the person's other fields.
    await t().db.updateTable('users').set({ active: 0 }).where('id', '=', b.id).execute();
    expect((await put(a.id, b.id, a)).status).toBe(200);
  });

  it('fills the manager assignments from "Reporta a": once, never a second manager, not when closed', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const boss = await createUser(t(), { name: unique('Jefe') });
    const other = await createUser(t(), { name: unique('Otro jefe') });
    const inactiveBoss = await createUser(t(), { active: 0 });
    const p1 = await createUser(t());
    const p2 = await createUser(t());
    const p3 = await createUser(t());
    const p4 = await createUser(t());
    const notEvaluatee = await createUser(t());
    const set = (id: number, managerId: number) =>
      t().db.updateTable('users').set({ manager_id: managerId }).where('id', '=', id).execute();
    await set(p1.id, boss.id);
    await set(p2.id, boss.id);
    await set(p3.id, inactiveBoss.id);
    await set(notEvaluatee.id, boss.id);
    const ev = await createV2Draft(client);
    const bulk = await call(client, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: ev.id,
        assignments: [
          { evaluator_id: p2.id, evaluatee_id: p1.id, relation: 'peer' },
          { evaluator_id: p1.id, evaluatee_id: p2.id, relation: 'peer' },
          { evaluator_id: other.id, evaluatee_id: p2.id, relation: 'manager' },
          { evaluator_id: p1.id, evaluatee_id: p3.id, relation: 'peer' },
          { evaluator_id: p1.id, evaluatee_id: p4.id, relation: 'peer' },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    const fill = v2NominationEndpoints.fillManagers;
    const theEvaluation = { params: { evaluationId: ev.id } };
    const first = await call(client, fill, theEvaluation);
    expect(first.status).toBe(200);
    // p1 only: p2 has a manager already, p3's is inactive, p4 has none, notEvaluatee is not evaluated.
    expect(first.body).toEqual({ created_count: 1 });
    const managers = await t()
      .db.selectFrom('v2_assignments')
      .select(['evaluator_id', 'evaluatee_id'])
      .where('evaluation_id', '=', ev.id)
      .where('relation', '=', 'manager')
      .orderBy('evaluatee_id')
      .execute();
    expect(managers).toEqual([
      { evaluator_id: boss.id, evaluatee_id: p1.id },
      { evaluator_id: other.id, evaluatee_id: p2.id },
    ]);
    expect((await call(client, fill, theEvaluation)).body).toEqual({ created_count: 0 });
    const trail = await t()
      .db.selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'assign_managers')
      .where('entity_id', '=', ev.id)
      .execute();
    expect(trail).toHaveLength(1);

    expect(await statusOf(client, fill, { params: { evaluationId: 99999999 } })).toBe(404);
    const open = await createOpenV2(client);
    await setV2Status(client, open.id, 'closed');
    const closed = await callExpecting(client, fill, { params: { evaluationId: open.id } }, 409);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe('La evaluación está cerrada: sus asignaciones ya no se pueden cambiar.');
  });

  /** Two clients (one per instance when `other` is given), each with an admin session. */
  async function twoAdmins(other?: { client(): TestClient }) {
    const first = await loginAs(t(), 'admin');
    if (!other) return [first.client, (await loginAs(t(), 'admin')).client] as const;
    const admin = await createUser(t(), { role: 'admin' });
    const second = other.client();
    expect((await second.login(admin.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    return [first.client, second] as const;
  }

  /** A makes B their manager while B makes A theirs, at once, `rounds` times: never both (decision 042). */
  async function raceEachOther(clients: readonly [TestClient, TestClient], rounds: number) {
    const put = (client: TestClient, who: TestUser, managerId: number) =>
      reply(client, userEndpoints.update, {
        params: { id: who.id },
        body: {
          name: who.name,
          email: who.email,
          role: who.role as UpdateUserInput['role'],
          position: '',
          department: '',
          category_id: null,
          manager_id: managerId,
        },
      });
    for (let round = 0; round < rounds; round += 1) {
      const a = await createUser(t(), { name: unique('A') });
      const b = await createUser(t(), { name: unique('B') });
      const answers = await Promise.all([put(clients[0], a, b.id), put(clients[1], b, a.id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.status === 400);
      expect(refused && !refused.ok ? refused.body.error : null).toBe(M.managerCycle);
      const rows = await t()
        .db.selectFrom('users')
        .select(['id', 'manager_id'])
        .where('id', 'in', [a.id, b.id])
        .orderBy('id')
        .execute();
      const stored = rows.map((r) => r.manager_id);
      // Exactly one link, the one the 200 answered.
      expect(stored.filter((m) => m !== null)).toHaveLength(1);
      expect(stored).toEqual(answers[0]!.status === 200 ? [b.id, null] : [null, a.id]);
    }
  }

  it("refuses one of two people made each other's manager at once, 10 times out of 10", async () => {
    await raceEachOther(await twoAdmins(), 10);
  });

  it('refuses the cycle too when the two changes reach two instances on one database', async () => {
    // Several instances share a PostgreSQL database; SQLite is one process's file (docs/deployment.md).
    if (t().engine !== 'postgres') return;
    await raceEachOther(await twoAdmins(await t().secondInstance()), 10);
  });

  it('refuses the managers fill to other roles and without a session', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const call = { method: 'POST' as const, url: `/api/evaluations-v2/${ev.id}/assignments/managers` };
    await expectAllUnauthenticated(t(), [call]);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], [call]);
  });
});
