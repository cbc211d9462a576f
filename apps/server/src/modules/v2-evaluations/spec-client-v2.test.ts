import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, unique, type TestUser } from '../../../test/factories';

/**
 * A client that knows only SPEC.md runs a 360 round (issue 27, decision 046): it sends the spec's
 * bodies (§7), in the spec's order, with cookies, the XMLHttpRequest header and the CSRF token from
 * GET /api/csrf-token — never a `status`, never a PATCH that opens. The evaluation it creates must
 * open once it has an item, so that its raters find it, answer it, and its results and snapshots
 * answer. The web's explicit `status: 'draft'` keeps what HR sees unchanged.
 */

const BASE = '/api/evaluations-v2';
const WEIGHTS = { weight_objectives: 40, weight_competencies: 60 };

/** The answer's JSON when its status is the one expected; the body is shown when it is not. */
function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, `${res.statusCode}: ${res.body.slice(0, 300)}`).toBe(status);
  return (res.body === '' ? undefined : res.json<T>()) as T;
}

/** The spec's login: GET /api/csrf-token, then POST /api/users/login {email,password} → {user}. */
async function specLoginOn(client: TestClient, email: string): Promise<TestClient> {
  const token = ok<{ csrfToken: string }>(await client.get('/api/csrf-token')).csrfToken;
  expect(typeof token).toBe('string');
  const login = ok<{ user: { email: string } }>(
    await client.login(email, DEFAULT_PASSWORD, { csrfToken: token }),
  );
  expect(login.user.email).toBe(email);
  return client;
}

/** The suite's context of the engine being run. */
type Ctx = () => TestContext;

const specLogin = (t: Ctx, email: string) => specLoginOn(t().client(), email);

interface SpecEvaluation {
  id: number;
  name: string;
  status: string;
}

interface SpecItem {
  id: number;
  question_text: string;
  type: 'rating' | 'yes_no' | 'status_3' | 'text';
  weight: number;
  scale_id: number | null;
  scale_min: number;
  scale_max: number;
}

/** POST /api/evaluations-v2 {name,period,weights,allow_self,save_as_template}: the spec's body only. */
function createBody(name: string) {
  return { name, period: 'Q4-2025', weights: WEIGHTS, allow_self: false, save_as_template: false };
}

/** POST /api/evaluations-v2/from-template {template_id,name,period,weights,allow_self}. */
function fromTemplateBody(templateId: number, name: string) {
  return { template_id: templateId, name, period: 'Q4-2025', weights: WEIGHTS, allow_self: false };
}

/** The items screen's PUT {items:[{id,type,weight,scale_id}]}: what it read, sent back. */
function itemsScreenBody(items: readonly SpecItem[]) {
  return { items: items.map((i) => ({ id: i.id, type: i.type, weight: i.weight, scale_id: i.scale_id })) };
}

/** A new item as the items screen names its fields (SPEC.md's V2 item: question_text, type, weight…). */
function newItem(question_text: string) {
  return { question_text, type: 'rating', weight: 1, scale_id: null };
}

/** The spec's answer building (§5): rating the scale's top, yes_no true, status_3 logrado, text a string. */
function answerFor(item: SpecItem) {
  const value =
    item.type === 'rating'
      ? item.scale_max
      : item.type === 'yes_no'
        ? true
        : item.type === 'status_3'
          ? 'logrado'
          : 'Explica con claridad.';
  return { item_id: item.id, value, skip: false, comment: null };
}

async function statusOf(hr: TestClient, id: number): Promise<string> {
  return ok<SpecEvaluation>(await hr.get(`${BASE}/${id}`)).status;
}

async function auditActions(
  t: Ctx,
  id: number,
): Promise<Array<{ action: string; before: string | null; after: string | null }>> {
  const rows = await t()
    .db.selectFrom('audit_log')
    .select(['action', 'before_json', 'after_json'])
    .where('entity', '=', 'v2_evaluation')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ action: r.action, before: r.before_json, after: r.after_json }));
}

/** The people of a round: HR (logged in the spec's way), a rater and the person rated. */
async function people(t: Ctx) {
  const admin = await createUser(t(), { role: 'admin' });
  const hr = await specLogin(t, admin.email);
  const rater = await createUser(t(), { role: 'evaluador', name: 'Elena Par' });
  const evaluatee = await createUser(t(), { role: 'colaborador', name: 'Carlos Evaluado' });
  return { admin, hr, rater, evaluatee };
}

/**
 * The rest of the spec's round on an evaluation that has its items: the bulk assignment, the rater's
 * list and submit, then the results and the snapshot calls.
 */
async function runRound(
  t: Ctx,
  hr: TestClient,
  evaluationId: number,
  rater: TestUser,
  evaluatee: TestUser,
): Promise<void> {
  const bulk = ok<{ inserted_count: number }>(
    await hr.post('/api/assignments-v2/bulk', {
      evaluation_id: evaluationId,
      assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
    }),
  );
  expect(bulk.inserted_count).toBe(1);

  const ev = await specLogin(t, rater.email);
  const mine = ok<{
    rows: Array<{ assignment_id: number; evaluation_id: number; assignment_status: string }>;
  }>(await ev.get(`${BASE}/assignments/mine`)).rows;
  const row = mine.find((r) => r.evaluation_id === evaluationId);
  expect(row, JSON.stringify(mine)).toMatchObject({ assignment_status: 'pending' });
  const items = ok<{ items: SpecItem[] }>(await ev.get(`${BASE}/${evaluationId}/items`)).items;
  expect(items.length).toBeGreaterThan(0);
  const submitted = ok<{ assignment_id: number; status: string }>(
    await ev.post('/api/responses-v2/submit', {
      evaluation_id: evaluationId,
      assignment_id: row!.assignment_id,
      answers: items.map(answerFor),
    }),
    201,
  );
  expect(submitted).toEqual({ assignment_id: row!.assignment_id, status: 'completed' });
  const after = ok<{ rows: Array<{ evaluation_id: number; assignment_status: string }> }>(
    await ev.get(`${BASE}/assignments/mine`),
  ).rows;
  expect(after.find((r) => r.evaluation_id === evaluationId)?.assignment_status).toBe('completed');

  // Every scored answer at its best: the peer's overall is 100 %.
  const results = ok<{ others: { raters: number; overall_percentage: number | null } | null }>(
    await hr.get(`${BASE}/${evaluationId}/results/${evaluatee.id}`),
  );
  expect(results.others?.raters).toBe(1);
  expect(results.others?.overall_percentage).toBeCloseTo(100, 6);

  const taken = ok<{ snapshot: { id: number; label: string }; summary: { assignments_completed: number } }>(
    await hr.post(`${BASE}/${evaluationId}/snapshot`, { label: 'Corte 1', notes: 'Primera ronda' }),
    201,
  );
  expect(taken.snapshot.label).toBe('Corte 1');
  expect(taken.summary.assignments_completed).toBe(1);
  const list = ok<{ snapshots: Array<{ id: number }> }>(await hr.get(`${BASE}/${evaluationId}/snapshots`));
  expect(list.snapshots.map((s) => s.id)).toEqual([taken.snapshot.id]);
  const detail = ok<{ snapshot: { id: number }; detail: Array<{ evaluatee_id: number }> }>(
    await hr.get(`${BASE}/${evaluationId}/snapshots/${taken.snapshot.id}`),
  );
  expect(detail.snapshot.id).toBe(taken.snapshot.id);
  expect(detail.detail.map((d) => d.evaluatee_id)).toEqual([evaluatee.id]);
}

describeEngines('a client that knows only SPEC.md runs a 360 round', (t) => {
  it('blank: create, PUT items, bulk, the rater’s list and submit, results and snapshots', async () => {
    const { hr, rater, evaluatee } = await people(t);
    const created = ok<SpecEvaluation>(await hr.post(BASE, createBody(unique('360 docente'))), 201);
    expect(created.status).toBe('draft');

    const saved = ok<{ items: SpecItem[] }>(
      await hr.put(`${BASE}/${created.id}/items`, {
        items: [newItem('Trabaja en equipo.'), newItem('Cumple sus metas.')],
      }),
    );
    expect(saved.items).toHaveLength(2);
    // The save that gave it its items opened it, as PATCH {status:'open'} does.
    expect(await statusOf(hr, created.id)).toBe('open');
    const log = await auditActions(t, created.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update_items', 'status_open']);
    expect(JSON.parse(log[2]!.before!)).toMatchObject({ status: 'draft' });
    expect(JSON.parse(log[2]!.after!)).toMatchObject({ status: 'open', item_count: 2 });

    // The items screen sending back what it read changes nothing: 200, no new entry.
    ok(await hr.put(`${BASE}/${created.id}/items`, itemsScreenBody(saved.items)));
    expect(await auditActions(t, created.id)).toHaveLength(3);

    await runRound(t, hr, created.id, rater, evaluatee);
  });

  it('from a template: opens at the create, the items screen’s save answers 200, and the round runs', async () => {
    const { hr, rater, evaluatee } = await people(t);
    const templates = ok<Array<{ id: number; name: string }>>(await hr.get('/api/templates'));
    const template = templates.find((tpl) => tpl.name === 'Personal docente');
    expect(template).toBeDefined();
    const created = ok<SpecEvaluation>(
      await hr.post(`${BASE}/from-template`, fromTemplateBody(template!.id, unique('360 desde plantilla'))),
      201,
    );
    // The copy gave it items: it is ready, so it opened at once.
    expect(created.status).toBe('open');
    const log = await auditActions(t, created.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'status_open']);
    expect(JSON.parse(log[0]!.after!)).toMatchObject({ status: 'draft', from_template_id: template!.id });
    expect(JSON.parse(log[1]!.before!)).toMatchObject({ status: 'draft' });
    expect(JSON.parse(log[1]!.after!)).toMatchObject({ status: 'open' });

    const items = ok<{ items: SpecItem[] }>(await hr.get(`${BASE}/${created.id}/items`)).items;
    expect(items.length).toBeGreaterThan(0);
    const resaved = ok<{ items: SpecItem[] }>(
      await hr.put(`${BASE}/${created.id}/items`, itemsScreenBody(items)),
    );
    expect(resaved.items).toEqual(items);
    expect(await auditActions(t, created.id)).toHaveLength(2);

    await runRound(t, hr, created.id, rater, evaluatee);
  });

  it('takes only an explicit draft on the create (what the web sends): it stays a draft through the items save', async () => {
    const { hr, rater, evaluatee } = await people(t);
    const templates = ok<Array<{ id: number }>>(await hr.get('/api/templates'));
    // Any other status is refused, in Spanish.
    for (const status of ['open', 'closed', 'borrador', 7]) {
      const res = await hr.post(BASE, { ...createBody(unique('Otro estado')), status });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(
        'Una evaluación nueva solo puede crearse en borrador.',
      );
    }
    const res = await hr.post(`${BASE}/from-template`, {
      ...fromTemplateBody(templates[0]!.id, unique('Otro estado')),
      status: 'open',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('Una evaluación nueva solo puede crearse en borrador.');

    const draft = ok<SpecEvaluation>(
      await hr.post(BASE, { ...createBody(unique('Borrador web')), status: 'draft' }),
      201,
    );
    ok(await hr.put(`${BASE}/${draft.id}/items`, { items: [newItem('Escucha a sus colegas.')] }));
    expect(await statusOf(hr, draft.id)).toBe('draft');

    const copy = ok<SpecEvaluation>(
      await hr.post(`${BASE}/from-template`, {
        ...fromTemplateBody(templates[0]!.id, unique('Copia web')),
        status: 'draft',
      }),
      201,
    );
    expect(copy.status).toBe('draft');
    const copyItems = ok<{ items: SpecItem[] }>(await hr.get(`${BASE}/${copy.id}/items`)).items;
    ok(await hr.put(`${BASE}/${copy.id}/items`, itemsScreenBody(copyItems)));
    expect(await statusOf(hr, copy.id)).toBe('draft');

    ok(
      await hr.post('/api/assignments-v2/bulk', {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      }),
    );
    const ev = await specLogin(t, rater.email);
    expect(ok<{ rows: unknown[] }>(await ev.get(`${BASE}/assignments/mine`)).rows).toEqual([]);
    for (const id of [draft.id, copy.id])
      expect((await auditActions(t, id)).map((e) => e.action)).not.toContain('status_open');

    // Opening stays HR's: the PATCH opens it as before.
    expect(ok<SpecEvaluation>(await hr.patch(`${BASE}/${draft.id}`, { status: 'open' })).status).toBe('open');
  });

  it('a save that leaves it without items keeps it waiting as a draft (200); the next one with an item opens it', async () => {
    const { hr } = await people(t);
    const created = ok<SpecEvaluation>(await hr.post(BASE, createBody(unique('Sin ítems'))), 201);
    expect(
      ok<{ items: unknown[] }>(await hr.put(`${BASE}/${created.id}/items`, { items: [] })).items,
    ).toEqual([]);
    expect(await statusOf(hr, created.id)).toBe('draft');
    expect((await auditActions(t, created.id)).map((e) => e.action)).toEqual(['create', 'update_items']);

    ok(await hr.put(`${BASE}/${created.id}/items`, { items: [newItem('Comunica con respeto.')] }));
    expect(await statusOf(hr, created.id)).toBe('open');

    // Once it has changed state the wait is over for good: closed stays closed.
    ok(await hr.patch(`${BASE}/${created.id}`, { status: 'closed' }));
    const flag = await t()
      .db.selectFrom('v2_evaluations')
      .select('opens_when_ready')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(flag.opens_when_ready)).toBe(0);
    expect(await statusOf(hr, created.id)).toBe('closed');
  });

  it('ten items saves at once on a waiting evaluation open it once', async () => {
    const { admin, hr } = await people(t);
    const other =
      t().engine === 'postgres' ? await specLoginOn((await t().secondInstance()).client(), admin.email) : hr;
    const created = ok<SpecEvaluation>(await hr.post(BASE, createBody(unique('Carrera'))), 201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? hr : other).put(`${BASE}/${created.id}/items`, { items: [newItem(`Pregunta ${i}`)] }),
      ),
    );
    // The first save opens it with its item; the others find its items locked and change nothing.
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((r) => r.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json<{ code: string }>().code).toBe('EVALUATION_LOCKED');
    }
    const kept = ok<{ items: SpecItem[] }>(await hr.get(`${BASE}/${created.id}/items`)).items;
    expect(kept).toEqual(won[0]!.json<{ items: SpecItem[] }>().items);
    expect(kept).toHaveLength(1);
    expect(await statusOf(hr, created.id)).toBe('open');
    const log = await auditActions(t, created.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update_items', 'status_open']);
  });
});
