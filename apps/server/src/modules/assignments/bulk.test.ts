import { ASSIGNMENT_MESSAGES, assignmentEndpoints, BULK_FILTER_MAX } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { insertCategory } from '../../../test/authz/records';
import { call, callExpecting } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';

/** The ids assigned to an evaluator, sorted. */
async function assignedIds(t: TestContext, evaluatorId: number): Promise<number[]> {
  const { client } = await loginAs(t, 'gestionhumana');
  const { body } = await call(client, assignmentEndpoints.assigned, { params: { evaluatorId } });
  return body.map((a) => a.collaborator_id).sort((a, b) => a - b);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describeEngines('bulk V1 assignment (decision 057)', (t) => {
  it('filters the available list by category and department; the spec call still lists everyone', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const docentes = await insertCategory(t());
    const dept = unique('Primaria');
    const name = unique('Filtrada');
    const inBoth = await createUser(t(), { name, category_id: docentes.id, department: dept });
    const otherDept = await createUser(t(), { name, category_id: docentes.id, department: unique('Otro') });
    const noCategory = await createUser(t(), { name, department: dept });
    const ofEvaluator = { params: { evaluatorId: evaluator.id } };

    const all = await call(client, assignmentEndpoints.available, { ...ofEvaluator, query: { q: name } });
    expect(all.body.total).toBe(3);
    const byCategory = await call(client, assignmentEndpoints.available, {
      ...ofEvaluator,
      query: { q: name, category_id: docentes.id },
    });
    expect(byCategory.body.rows.map((r) => r.id).sort()).toEqual(sorted([inBoth.id, otherDept.id]));
    expect(byCategory.body.rows.find((r) => r.id === inBoth.id)).toMatchObject({
      category_id: docentes.id,
      category_name: docentes.name,
      role: 'colaborador',
      department: dept,
    });
    const byBoth = await call(client, assignmentEndpoints.available, {
      ...ofEvaluator,
      query: { category_id: docentes.id, department: dept },
    });
    expect(byBoth.body).toMatchObject({ total: 1, rows: [{ id: inBoth.id }] });
    const byDept = await call(client, assignmentEndpoints.available, {
      ...ofEvaluator,
      query: { department: dept },
    });
    expect(byDept.body.rows.map((r) => r.id).sort()).toEqual(sorted([inBoth.id, noCategory.id]));

    const { body: departments } = await call(client, assignmentEndpoints.departments);
    expect(departments).toContain(dept);
    expect(departments).toEqual([...new Set(departments)]);

    const bad = await callExpecting(
      client,
      assignmentEndpoints.available,
      { ...ofEvaluator, query: { category_id: 'x' as unknown as number } },
      400,
    );
    expect(bad.body.error).toBe('La categoría no es válida.');
  });

  it('assigns the people ticked, counts those already assigned, and never doubles a pair', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const [a, b, c] = [await createUser(t()), await createUser(t()), await createUser(t())];
    const first = await call(client, assignmentEndpoints.bulk, {
      body: { evaluator_id: evaluator.id, collaborator_ids: [a.id, b.id, a.id] },
    });
    expect(first.body).toEqual({ created_count: 2, existing_count: 0 });
    const second = await call(client, assignmentEndpoints.bulk, {
      body: { evaluator_id: evaluator.id, collaborator_ids: [b.id, c.id] },
    });
    expect(second.body).toEqual({ created_count: 1, existing_count: 1 });
    expect(await assignedIds(t(), evaluator.id)).toEqual(sorted([a.id, b.id, c.id]));
  });

  it('refuses the whole batch when one person cannot be a collaborator, and changes nothing', async () => {
    const { client, user: hr } = await loginAs(t(), 'gestionhumana');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const ok = await createUser(t());
    const admin = await createUser(t(), { role: 'admin' });
    const inactive = await createUser(t(), { active: 0 });
    const body = (ids: number[]) => ({ body: { evaluator_id: evaluator.id, collaborator_ids: ids } });

    const withAdmin = await callExpecting(client, assignmentEndpoints.bulk, body([ok.id, admin.id]), 400);
    expect(withAdmin.body).toMatchObject({
      error: 'El colaborador debe ser un usuario activo que no sea administrador.',
      details: [{ field: 'body.collaborator_ids.1' }],
    });
    await callExpecting(client, assignmentEndpoints.bulk, body([inactive.id, ok.id]), 400);
    await callExpecting(client, assignmentEndpoints.bulk, body([ok.id, 2_000_000_000]), 400);
    const self = await callExpecting(client, assignmentEndpoints.bulk, body([ok.id, evaluator.id]), 400);
    expect(self.body.error).toBe('Un evaluador no puede asignarse a sí mismo.');
    const notEvaluator = await callExpecting(
      client,
      assignmentEndpoints.bulk,
      { body: { evaluator_id: hr.id, collaborator_ids: [ok.id] } },
      400,
    );
    expect(notEvaluator.body.error).toBe('El evaluador debe ser un usuario activo con rol evaluador.');
    const neither = await callExpecting(
      client,
      assignmentEndpoints.bulk,
      { body: { evaluator_id: evaluator.id } },
      400,
    );
    expect(neither.body.error).toBe('Indica a quiénes asignar.');
    const both = await callExpecting(
      client,
      assignmentEndpoints.bulk,
      { body: { evaluator_id: evaluator.id, collaborator_ids: [ok.id], filter: {} } },
      400,
    );
    expect(both.body.error).toBe('Indica las personas o un filtro, no ambos.');
    // A repeated id before the bad one: the field is the bad one's place in the list sent.
    const repeated = await callExpecting(
      client,
      assignmentEndpoints.bulk,
      body([ok.id, ok.id, admin.id]),
      400,
    );
    expect(repeated.body.details).toEqual([
      { field: 'body.collaborator_ids.2', message: withAdmin.body.error },
    ]);
    const empty = await callExpecting(client, assignmentEndpoints.bulk, body([]), 400);
    expect(empty.body.error).toBe('Selecciona al menos una persona.');
    expect(await assignedIds(t(), evaluator.id)).toEqual([]);
  });

  it('assigns every available person a filter matches, and only them', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const category = await insertCategory(t());
    const dept = unique('Secundaria');
    const matching = [
      await createUser(t(), { category_id: category.id, department: dept }),
      await createUser(t(), { category_id: category.id, department: dept }),
      await createUser(t(), { category_id: category.id, department: dept }),
    ];
    await createUser(t(), { category_id: category.id, department: unique('Otro') });
    await createUser(t(), { category_id: category.id, department: dept, active: 0 });
    await call(client, assignmentEndpoints.create, {
      body: { evaluator_id: evaluator.id, collaborator_id: matching[0]!.id },
    });
    const res = await call(client, assignmentEndpoints.bulk, {
      body: { evaluator_id: evaluator.id, filter: { category_id: category.id, department: dept } },
    });
    expect(res.body).toEqual({ created_count: 2, existing_count: 0 });
    expect(await assignedIds(t(), evaluator.id)).toEqual(sorted(matching.map((m) => m.id)));
  });

  it('refuses, in words, a filter that matches more people than one batch takes, and assigns none', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const dept = unique('Distrito');
    const people = Array.from({ length: BULK_FILTER_MAX + 1 }, (_, i) => ({
      name: `Persona ${i}`,
      email: `${unique('muchos')}@prueba.do`,
      role: 'colaborador' as const,
      department: dept,
      active: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    }));
    for (let i = 0; i < people.length; i += 500) {
      await t()
        .db.insertInto('users')
        .values(people.slice(i, i + 500))
        .execute();
    }
    const refused = await callExpecting(
      client,
      assignmentEndpoints.bulk,
      { body: { evaluator_id: evaluator.id, filter: { department: dept } } },
      400,
    );
    expect(refused.body.error).toBe(ASSIGNMENT_MESSAGES.filterTooBroad(BULK_FILTER_MAX));
    expect(await assignedIds(t(), evaluator.id)).toEqual([]);
  });

  it("assigns each evaluador the people who report to them ('Reporta a'), once", async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const boss = await createUser(t(), { role: 'evaluador' });
    const otherBoss = await createUser(t(), { role: 'evaluador' });
    const notEvaluator = await createUser(t(), { role: 'gestionhumana' });
    const reports = [
      await createUser(t(), { manager_id: boss.id }),
      await createUser(t(), { manager_id: boss.id }),
    ];
    const otherReport = await createUser(t(), { manager_id: otherBoss.id });
    await createUser(t(), { manager_id: boss.id, active: 0 });
    await createUser(t(), { manager_id: notEvaluator.id });

    const scoped = await call(client, assignmentEndpoints.byReportsTo, { body: { evaluator_id: boss.id } });
    expect(scoped.body).toEqual({ created_count: 2, not_evaluator_count: 0 });
    expect(await assignedIds(t(), boss.id)).toEqual(sorted(reports.map((r) => r.id)));
    expect(await assignedIds(t(), otherBoss.id)).toEqual([]);

    const everyone = await call(client, assignmentEndpoints.byReportsTo, { body: {} });
    expect(everyone.body.created_count).toBeGreaterThanOrEqual(1);
    expect(everyone.body.not_evaluator_count).toBeGreaterThanOrEqual(1);
    expect(await assignedIds(t(), otherBoss.id)).toEqual([otherReport.id]);
    const again = await call(client, assignmentEndpoints.byReportsTo, { body: { evaluator_id: boss.id } });
    expect(again.body).toEqual({ created_count: 0, not_evaluator_count: 0 });

    const refused = await callExpecting(
      client,
      assignmentEndpoints.byReportsTo,
      { body: { evaluator_id: notEvaluator.id } },
      400,
    );
    expect(refused.body.error).toBe('El evaluador debe ser un usuario activo con rol evaluador.');
  });

  it('ten racing bulk calls and single assignments of the same people make each pair exactly once', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t())));
    const ids = people.map((p) => p.id);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        client.post('/api/assignments/bulk', { evaluator_id: evaluator.id, collaborator_ids: ids }),
      ),
      ...ids.map((id) =>
        client.post('/api/assignments', { evaluator_id: evaluator.id, collaborator_id: id }),
      ),
    ]);
    const bulk = answers.slice(0, 10);
    expect(bulk.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const singles = answers.slice(10).map((r) => r.statusCode);
    for (const s of singles) expect([201, 409]).toContain(s);
    const createdByBulk = bulk.reduce((n, r) => n + (r.json() as { created_count: number }).created_count, 0);
    expect(createdByBulk + singles.filter((s) => s === 201).length).toBe(ids.length);
    expect(await assignedIds(t(), evaluator.id)).toEqual(sorted(ids));
  });
});
