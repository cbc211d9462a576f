import {
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  v2TemplateEndpoints,
  type BodyInput,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { answerOf } from '../../../test/answer';
import { call, callExpecting, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import {
  V2_WEIGHTS,
  assignARater,
  createOpenV2,
  createV2Draft,
  putV2Items,
  setV2Status,
} from '../../../test/v2';

const endpoints = v2EvaluationEndpoints;
const of = (id: number) => ({ params: { id } });

describeEngines('360 evaluations API', (t) => {
  async function count(table: 'v2_evaluations' | 'v2_templates'): Promise<number> {
    const row = await t()
      .db.selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function templateByName(name: string) {
    const { client } = await loginAs(t(), 'admin');
    return (await call(client, v2TemplateEndpoints.list)).body.find((x) => x.name === name);
  }

  it('creates a blank draft (201), lists it, reads it and audits the creation', async () => {
    const { client, user } = await loginAs(t(), 'admin');
    const name = unique('Evaluación 360 docentes');
    const res = await call(client, endpoints.create, {
      body: {
        name: `  ${name} `,
        period: ' Q4-2025 ',
        weights: { weight_objectives: 30, weight_competencies: 70 },
        allow_self: true,
        save_as_template: false,
      },
    });
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created).toEqual({
      id: expect.any(Number),
      name,
      period: 'Q4-2025',
      status: 'draft',
      weight_objectives: 30,
      weight_competencies: 70,
      allow_self: true,
      template_id: null,
      item_count: 0,
      assignment_count: 0,
      completed_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      due_date: null,
    });
    const list = await call(client, endpoints.list);
    expect(list.status).toBe(200);
    expect(Object.keys(list.res.json<object>())).toEqual(['rows']);
    expect(list.body.rows).toContainEqual(created);
    expect((await call(client, endpoints.get, of(created.id))).body).toEqual(created);

    const row = await t()
      .db.selectFrom('v2_evaluations')
      .select(['created_by', 'allow_self'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_by: user.id, allow_self: 1 });
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'v2_evaluation')
      .where('entity_id', '=', created.id)
      .execute();
    expect(trail).toEqual([{ action: 'create', user_id: user.id }]);
  });

  it('lets gestionhumana create, and allow_self / save_as_template default to false', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const res = await call(client, endpoints.create, {
      body: { name: unique('GH'), period: '2026', weights: V2_WEIGHTS },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ allow_self: false, template_id: null });
  });

  it('counts items, assignments and completed assignments in the list rows', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    await putV2Items(client, ev.id, [
      { question_text: 'Uno', type: 'rating' },
      { question_text: 'Dos', type: 'yes_no' },
    ]);
    const a = await createUser(t());
    const b = await createUser(t());
    await call(client, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: ev.id,
        assignments: [
          { evaluator_id: a.id, evaluatee_id: b.id, relation: 'peer' },
          { evaluator_id: b.id, evaluatee_id: a.id, relation: 'manager' },
        ],
      },
    });
    await t()
      .db.updateTable('v2_assignments')
      .set({ status: 'completed' })
      .where('evaluation_id', '=', ev.id)
      .where('evaluator_id', '=', a.id)
      .execute();
    const { body: row } = await call(client, endpoints.get, of(ev.id));
    expect(row).toMatchObject({ item_count: 2, assignment_count: 2, completed_count: 1 });
  });

  it('pages and searches by name or period when asked', async () => {
    const { client } = await loginAs(t(), 'admin');
    const tag = unique('Pag360');
    for (const n of ['a', 'b', 'c']) await createV2Draft(client, { name: `${tag} ${n}` });
    const res = await call(client, endpoints.list, { query: { q: tag.toUpperCase(), page: 2, pageSize: 2 } });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    // Newest first: the first one created is alone on page 2.
    expect(body.rows.map((r) => r.name)).toEqual([`${tag} a`]);
    const period = unique('P');
    await createV2Draft(client, { period });
    expect((await call(client, endpoints.list, { query: { q: period } })).body).toMatchObject({ total: 1 });
    expect((await call(client, endpoints.list, { query: { q: '%' } })).body).toMatchObject({ total: 0 });
  });

  it('validates the create with Spanish messages and creates nothing', async () => {
    const { client } = await loginAs(t(), 'admin');
    const before = await count('v2_evaluations');
    const good = { name: 'N', period: 'P', weights: V2_WEIGHTS, allow_self: false, save_as_template: false };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...good, name: '   ' }, 'El nombre es obligatorio.', 'body.name'],
      [{ ...good, name: undefined }, 'El nombre es obligatorio.', 'body.name'],
      [{ ...good, period: '' }, 'El periodo es obligatorio.', 'body.period'],
      [{ ...good, period: undefined }, 'El periodo es obligatorio.', 'body.period'],
      [{ ...good, weights: undefined }, 'Los pesos son obligatorios.', 'body.weights'],
      [
        { ...good, weights: { weight_objectives: 50, weight_competencies: 40 } },
        'Los pesos deben sumar 100.',
        'body.weights',
      ],
      [
        { ...good, weights: { weight_objectives: -10, weight_competencies: 100 } },
        'Cada peso debe estar entre 0 y 100.',
        'body.weights.weight_objectives',
      ],
      [
        { ...good, weights: { weight_objectives: null, weight_competencies: 100 } },
        'Cada peso debe estar entre 0 y 100.',
        'body.weights.weight_objectives',
      ],
      [{ ...good, allow_self: 'sí' }, 'Indica si se permite la autoevaluación (sí o no).', 'body.allow_self'],
      [
        { ...good, save_as_template: 1 },
        'Indica si se guarda como plantilla (sí o no).',
        'body.save_as_template',
      ],
    ];
    // Bodies the contract refuses, most of them outside its type: sent raw.
    for (const [input, message, field] of cases) {
      const res = await client.post(urlOf(endpoints.create), input);
      expect(res.statusCode, message).toBe(400);
      const body = res.json<{ error: string; code: string; details: unknown[] }>();
      expect(body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
      expect(body.details[0]).toEqual({ field, message });
    }
    // Numeric strings from a form are accepted (outside the typed body: sent raw).
    const ok = await client.post(urlOf(endpoints.create), {
      ...good,
      weights: { weight_objectives: '25.5', weight_competencies: '74.5' },
    });
    expect(ok.statusCode).toBe(201);
    expect(answerOf(endpoints.create, ok)).toMatchObject({
      weight_objectives: 25.5,
      weight_competencies: 74.5,
    });
    expect(await count('v2_evaluations')).toBe(before + 1);
  });

  it('save_as_template creates a template named like the evaluation that follows its draft items', async () => {
    const { client } = await loginAs(t(), 'admin');
    const name = unique('Plantilla viva');
    const ev = await createV2Draft(client, { name, save_as_template: true });
    const template = await templateByName(name);
    expect(template).toEqual({ id: expect.any(Number), name, item_count: 0 });
    expect(ev.template_id).toBe(template!.id);

    const items = await putV2Items(client, ev.id, [
      { question_text: 'Escucha a sus colegas.', type: 'rating', scale_id: 1 },
      { question_text: 'Entrega a tiempo.', type: 'status_3', section: 'objective' },
    ]);
    expect((await templateByName(name))!.item_count).toBe(2);
    await putV2Items(client, ev.id, [{ id: items[0]!.id }]);
    expect((await templateByName(name))!.item_count).toBe(1);

    // A new evaluation from that template gets the followed items.
    const copy = await call(client, endpoints.createFromTemplate, {
      body: {
        template_id: template!.id,
        name: unique('Copia'),
        period: '2026',
        weights: V2_WEIGHTS,
        allow_self: false,
      },
    });
    const copied = await call(client, v2ItemEndpoints.list, of(copy.body.id));
    expect(copied.body.items).toMatchObject([{ question_text: 'Escucha a sus colegas.', scale_id: 1 }]);

    // Once open the items are locked, and the template keeps the last draft list.
    await assignARater(t(), client, ev.id);
    await setV2Status(client, ev.id, 'open');
    expect((await templateByName(name))!.item_count).toBe(1);
  });

  it('refuses save_as_template with 409 when the name is taken (case-insensitive) and creates nothing', async () => {
    const { client } = await loginAs(t(), 'admin');
    const before = { evaluations: await count('v2_evaluations'), templates: await count('v2_templates') };
    const res = await callExpecting(
      client,
      endpoints.create,
      {
        body: {
          name: 'PERSONAL DOCENTE',
          period: '2026',
          weights: V2_WEIGHTS,
          allow_self: false,
          save_as_template: true,
        },
      },
      409,
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        'Ya existe una plantilla con ese nombre. Cambia el nombre de la evaluación o no la guardes como plantilla.',
      code: 'DUPLICATE_NAME',
    });
    expect(await count('v2_evaluations')).toBe(before.evaluations);
    expect(await count('v2_templates')).toBe(before.templates);
    // Without save_as_template the same name is fine.
    const plain = await call(client, endpoints.create, {
      body: { name: 'Personal docente', period: '2026', weights: V2_WEIGHTS },
    });
    expect(plain.status).toBe(201);
  });

  it('creates from a template with a copy of its items that does not follow later edits', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const docente = (await templateByName('Personal docente'))!;
    const res = await call(client, endpoints.createFromTemplate, {
      body: {
        template_id: docente.id,
        name: unique('360 docentes'),
        period: 'Q4-2025',
        weights: { weight_objectives: 50, weight_competencies: 50 },
        allow_self: true,
        status: 'draft',
      },
    });
    expect(res.status).toBe(201);
    const ev = res.body;
    expect(ev).toMatchObject({
      status: 'draft',
      template_id: docente.id,
      item_count: docente.item_count,
      allow_self: true,
      weight_objectives: 50,
    });
    const { items } = (await call(client, v2ItemEndpoints.list, of(ev.id))).body;
    await putV2Items(client, ev.id, [{ id: items[0]!.id }]);
    expect((await templateByName('Personal docente'))!.item_count).toBe(docente.item_count);
  });

  it('answers 404 for an unknown template and 400 without one', async () => {
    const { client } = await loginAs(t(), 'admin');
    const body = { name: 'X', period: 'Y', weights: V2_WEIGHTS, allow_self: false };
    const fromTemplate = endpoints.createFromTemplate;
    const missing = await callExpecting(
      client,
      fromTemplate,
      { body: { ...body, template_id: 999999 } },
      404,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'La plantilla no existe.', code: 'NOT_FOUND' });
    // Without template_id the body is outside the contract's type: sent raw.
    const none = await client.post(urlOf(fromTemplate), body);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: string }>().error).toBe('La plantilla es obligatoria.');
    const sum = await callExpecting(
      client,
      fromTemplate,
      { body: { ...body, template_id: 1, weights: { weight_objectives: 10, weight_competencies: 10 } } },
      400,
    );
    expect(sum.body.error).toBe('Los pesos deben sumar 100.');
  });

  it('moves the status forward only: draft → open → closed', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    type Patch = BodyInput<typeof endpoints.update>;
    const patch = (body: Patch) => call(client, endpoints.update, { ...of(ev.id), body });
    const refused = async (body: Patch, error: string, code: string) => {
      const res = await callExpecting(client, endpoints.update, { ...of(ev.id), body }, 409);
      expect(res.status, error).toBe(409);
      expect(res.body).toEqual({ error, code });
    };
    await refused({ status: 'draft' }, 'La evaluación ya está en borrador.', 'EVALUATION_NOT_OPEN');
    await refused(
      { status: 'closed' },
      'La evaluación debe abrirse antes de cerrarse.',
      'EVALUATION_NOT_OPEN',
    );
    await refused(
      { status: 'open' },
      'La evaluación necesita al menos un ítem para abrirse.',
      'EVALUATION_NEEDS_ITEMS',
    );
    await putV2Items(client, ev.id, [{ question_text: 'Colabora.', type: 'yes_no' }]);
    // Nobody would answer it yet (decision 053): refused with what is missing, and still a draft.
    await refused(
      { status: 'open' },
      'No se puede abrir: la evaluación no tiene evaluadores asignados ni participantes que propongan a los suyos. Asígnalos con «Asignaciones» o «Evaluadores por persona» y vuelve a abrirla.',
      'EVALUATION_NEEDS_ASSIGNMENTS',
    );
    expect((await call(client, endpoints.get, of(ev.id))).body.status).toBe('draft');
    await assignARater(t(), client, ev.id);
    const opened = await patch({ status: 'open' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: ev.id, status: 'open', item_count: 1 });
    await refused({ status: 'open' }, 'La evaluación ya está abierta.', 'EVALUATION_LOCKED');
    await refused(
      { status: 'draft' },
      'Una evaluación abierta no puede volver a borrador.',
      'EVALUATION_LOCKED',
    );
    await refused(
      { name: 'Otro nombre' },
      'El nombre, el periodo y los pesos solo se pueden cambiar mientras la evaluación está en borrador.',
      'EVALUATION_LOCKED',
    );
    await refused(
      { status: 'closed', period: '2030' },
      'El nombre, el periodo y los pesos solo se pueden cambiar mientras la evaluación está en borrador.',
      'EVALUATION_LOCKED',
    );
    const closed = await patch({ status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed' });
    await refused({ status: 'open' }, 'Una evaluación cerrada no se puede reabrir.', 'EVALUATION_CLOSED');
    await refused({ status: 'draft' }, 'Una evaluación cerrada no se puede reabrir.', 'EVALUATION_CLOSED');
    await refused({ status: 'closed' }, 'La evaluación ya está cerrada.', 'EVALUATION_CLOSED');

    const trail = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'v2_evaluation')
      .where('entity_id', '=', ev.id)
      .orderBy('id')
      .execute();
    expect(trail.map((r) => r.action)).toEqual([
      'create',
      'update_items',
      'assign_bulk',
      'status_open',
      'status_closed',
    ]);
  });

  it('opens with nomination participants only while nominations are on (decision 053)', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    await putV2Items(client, ev.id, [{ question_text: 'Colabora.', type: 'yes_no' }]);
    const boss = await createUser(t(), { role: 'evaluador' });
    const person = await createUser(t());
    await t().db.updateTable('users').set({ manager_id: boss.id }).where('id', '=', person.id).execute();
    const nominations = `/api/evaluations-v2/${ev.id}/nominations`;
    expect((await client.put(nominations, { enabled: true, min: 1, max: 3 })).statusCode).toBe(200);
    const added = await client.post(`${nominations}/participants`, { user_ids: [person.id] });
    expect(added.statusCode, added.body).toBe(200);
    // Nominations switched off: the participant proposes nobody, so nobody would answer.
    expect((await client.put(nominations, { enabled: false })).statusCode).toBe(200);
    const refused = await callExpecting(
      client,
      endpoints.update,
      { ...of(ev.id), body: { status: 'open' } },
      409,
    );
    expect(refused.body.code).toBe('EVALUATION_NEEDS_ASSIGNMENTS');
    // On again: the participant will propose their raters once it is open.
    expect((await client.put(nominations, { enabled: true, min: 1, max: 3 })).statusCode).toBe(200);
    const opened = await call(client, endpoints.update, { ...of(ev.id), body: { status: 'open' } });
    expect(opened.status).toBe(200);
    expect(opened.body.status).toBe('open');
  });

  it('changes name, period and weights while draft, and opens in the same call', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    await putV2Items(client, ev.id, [{ question_text: 'Q', type: 'text' }]);
    await assignARater(t(), client, ev.id);
    const res = await call(client, endpoints.update, {
      ...of(ev.id),
      body: {
        name: '  Nuevo nombre ',
        period: '2027',
        weights: { weight_objectives: 0, weight_competencies: 100 },
        status: 'open',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Nuevo nombre',
      period: '2027',
      weight_objectives: 0,
      weight_competencies: 100,
      status: 'open',
    });
  });

  it('validates the PATCH', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const cases: Array<[unknown, string]> = [
      [{}, 'No hay cambios que guardar.'],
      [{ status: 'archived' }, 'El estado debe ser borrador, abierta o cerrada.'],
      [{ name: '' }, 'El nombre es obligatorio.'],
      [{ period: '  ' }, 'El periodo es obligatorio.'],
      [{ weights: { weight_objectives: 60, weight_competencies: 60 } }, 'Los pesos deben sumar 100.'],
      [
        { weights: { weight_objectives: 101, weight_competencies: -1 } },
        'Cada peso debe estar entre 0 y 100.',
      ],
    ];
    // Bodies the contract refuses, some outside its type: sent raw.
    for (const [body, error] of cases) {
      const res = await client.patch(urlOf(endpoints.update, of(ev.id)), body);
      expect(res.statusCode, error).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    expect((await call(client, endpoints.get, of(ev.id))).body).toEqual(ev);
  });

  it('deletes a draft with its items and assignments, and refuses once it is open', async () => {
    const { client } = await loginAs(t(), 'admin');
    const name = unique('Borrable');
    const ev = await createV2Draft(client, { name, save_as_template: true });
    await putV2Items(client, ev.id, [{ question_text: 'Q', type: 'yes_no' }]);
    const [a, b] = [await createUser(t()), await createUser(t())];
    await call(client, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: ev.id,
        assignments: [{ evaluator_id: a.id, evaluatee_id: b.id, relation: 'peer' }],
      },
    });
    const res = await call(client, endpoints.remove, of(ev.id));
    expect(res.status).toBe(204);
    expect(await statusOf(client, endpoints.get, of(ev.id))).toBe(404);
    const left = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', ev.id)
      .execute();
    expect(left).toEqual([]);
    // The template saved from it stays, with its items.
    expect(await templateByName(name)).toMatchObject({ item_count: 1 });

    const open = await createOpenV2(client);
    const refused = await callExpecting(client, endpoints.remove, of(open.id), 409);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'Solo se puede eliminar una evaluación en borrador.',
      code: 'EVALUATION_LOCKED',
    });
    await setV2Status(client, open.id, 'closed');
    expect(await statusOf(client, endpoints.remove, of(open.id))).toBe(409);
  });

  it('answers 404 for an unknown evaluation and 400 for a bad id', async () => {
    const { client } = await loginAs(t(), 'admin');
    for (const res of [
      await callExpecting(client, endpoints.get, of(999999), 404),
      await callExpecting(client, endpoints.update, { ...of(999999), body: { status: 'open' } }, 404),
      await callExpecting(client, endpoints.remove, of(999999), 404),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    }
    // A bad id: raw.
    const bad = await client.get(urlOf(endpoints.get, { params: { id: 'abc' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('El identificador no es válido.');
  });

  const calls: Call[] = [
    { method: 'GET', url: urlOf(endpoints.list) },
    { method: 'GET', url: urlOf(endpoints.list, { query: { page: 1 } }) },
    { method: 'POST', url: urlOf(endpoints.create), body: { name: 'X', period: 'Y', weights: V2_WEIGHTS } },
    {
      method: 'POST',
      url: urlOf(endpoints.createFromTemplate),
      body: { template_id: 1, name: 'X', period: 'Y', weights: V2_WEIGHTS },
    },
    { method: 'GET', url: urlOf(endpoints.get, of(1)) },
    { method: 'PATCH', url: urlOf(endpoints.update, of(1)), body: { status: 'open' } },
    { method: 'DELETE', url: urlOf(endpoints.remove, of(1)) },
  ];

  it('answers 401 without a session on every call', async () => {
    await expectAllUnauthenticated(t(), calls);
  });

  it('answers 403 to evaluador and colaborador on every call', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
