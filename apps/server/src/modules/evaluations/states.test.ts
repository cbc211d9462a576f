import {
  ERROR_CODES,
  dashboardEndpoints,
  evaluationEndpoints as endpoints,
  fullEvaluationEndpoints,
  historyEndpoints,
  questionBankEndpoints,
  type BodyInput,
  type Evaluation,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { call, callExpecting, reply, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import {
  assign,
  assignSomeoneIn,
  clientFor,
  createV1Evaluation,
  submitBody,
  type V1Setup,
} from '../../../test/v1';

/**
 * Which V1 evaluation is current is explicit (issue 15, decision 026): borrador → abierta → cerrada,
 * at most one open per category, and opening one while another is open must be confirmed.
 */

type Create = BodyInput<typeof endpoints.create>;

const body = (setup: V1Setup, name: string, extra: Partial<Create> = {}): { body: Create } => ({
  body: {
    name,
    weight_objectives: 40,
    weight_competencies: 60,
    category_id: setup.categoryId,
    question_bank_id: setup.bankId,
    ...extra,
  },
});
const of = (id: number) => ({ params: { id } });
const inCategory = (categoryId: number) => ({ params: { categoryId } });

/** test/v1.ts's submit body as the typed input (each score given). */
function submission(...args: Parameters<typeof submitBody>) {
  const given = submitBody(...args);
  return {
    body: {
      ...given,
      responses: given.responses.map(({ question_id, score }) => ({ question_id, score: score! })),
    },
  };
}
const submit = (client: TestClient, input: ReturnType<typeof submission>) =>
  reply(client, fullEvaluationEndpoints.submit, input);
const removeQuestion = (client: TestClient, id: number, qid: number) =>
  reply(client, questionBankEndpoints.removeQuestion, { params: { id, qid } });

async function statuses(hr: TestClient, categoryId: number): Promise<Record<string, string>> {
  const { body: all } = await call(hr, endpoints.list);
  return Object.fromEntries(all.filter((e) => e.category_id === categoryId).map((e) => [e.name, e.status]));
}

/** An evaluator assigned to a new collaborator of the category, signed in. */
async function rater(t: TestContext, setup: V1Setup) {
  const evaluator = await createUser(t, { role: 'evaluador' });
  const collaborator = await createUser(t, { category_id: setup.categoryId });
  await assign(t, evaluator.id, collaborator.id);
  return { evaluator, collaborator, client: await clientFor(t, evaluator) };
}

describeEngines('V1 evaluation states', (t) => {
  it('opens only with a bank that asks something; a second one asks before replacing the open one', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const first = await createV1Evaluation(t(), ['competency', 'objective'], undefined, { name: 'Primera' });
    expect(await statuses(hr, first.categoryId)).toEqual({ Primera: 'abierta' });

    // Without a bank: a draft, and it cannot open.
    const noBank = await call(hr, endpoints.create, body(first, 'Sin banco', { question_bank_id: null }));
    expect(noBank.status).toBe(201);
    const draft = noBank.body;
    expect(draft.status).toBe('borrador');
    const refused = await callExpecting(
      hr,
      endpoints.open,
      { ...of(draft.id), body: { replace_open: true } },
      409,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: ERROR_CODES.evaluationNeedsItems,
      error: 'La evaluación necesita un banco de preguntas con al menos una pregunta antes de abrirse.',
    });

    // Asked to open a round nobody would answer (no evaluator has one of its people): refused with
    // what is missing, nothing created (decision 053).
    const empty = await callExpecting(
      hr,
      endpoints.create,
      body(first, 'Vacía', { status: 'abierta', replace_open: true }),
      409,
    );
    expect(empty.body).toEqual({
      code: ERROR_CODES.evaluationNeedsAssignments,
      error: `No se puede abrir: ningún evaluador tiene asignado a un colaborador activo de la categoría «${(await call(hr, endpoints.get, of(first.evaluationId))).body.category_name}». Asígnalos en Gestión de Asignaciones y vuelve a abrirla.`,
    });
    expect(await statuses(hr, first.categoryId)).toEqual({ Primera: 'abierta', 'Sin banco': 'borrador' });
    await assignSomeoneIn(t(), first.categoryId);

    // Asked to open while 'Primera' is open, without confirmation: refused, nothing created.
    const unconfirmed = await callExpecting(
      hr,
      endpoints.create,
      body(first, 'Segunda', { status: 'abierta' }),
      409,
    );
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.code).toBe(ERROR_CODES.evaluationOpenInCategory);
    expect(unconfirmed.body.error).toContain('«Primera»');
    expect(await statuses(hr, first.categoryId)).toEqual({ Primera: 'abierta', 'Sin banco': 'borrador' });

    // Nothing said: it starts as a draft and the open one stays current.
    const { body: quiet } = await call(hr, endpoints.create, body(first, 'Tercera'));
    expect(quiet.status).toBe('borrador');
    expect((await call(hr, endpoints.byCategory, inCategory(first.categoryId))).body.id).toBe(
      first.evaluationId,
    );

    // Confirmed: 'Tercera' opens, 'Primera' closes, and the form follows 'Tercera'.
    const opened = await call(hr, endpoints.open, { ...of(quiet.id), body: { replace_open: true } });
    expect(opened.status).toBe(200);
    expect(opened.body.status).toBe('abierta');
    expect(await statuses(hr, first.categoryId)).toEqual({
      Primera: 'cerrada',
      'Sin banco': 'borrador',
      Tercera: 'abierta',
    });
    expect((await call(hr, endpoints.byCategory, inCategory(first.categoryId))).body.id).toBe(quiet.id);
    // Opening the open one again changes nothing.
    expect((await call(hr, endpoints.open, { ...of(quiet.id), body: {} })).body.status).toBe('abierta');
  });

  it('takes submissions only while open; the dashboard follows the open one and history keeps the closed', async () => {
    const first = await createV1Evaluation(t(), ['competency'], { competencies: 100, objectives: 0 });
    const a = await rater(t(), first);
    expect((await submit(a.client, submission(first, a.collaborator.id, a.evaluator.id, [4]))).status).toBe(
      201,
    );
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const progressOf = async (evaluator: { name: string }) =>
      (await call(hr, dashboardEndpoints.metrics)).body.evaluation_progress.find(
        (p) => p.evaluator_name === evaluator.name,
      );
    expect(await progressOf(a.evaluator)).toMatchObject({ assigned: 1, evaluated: 1 });

    const { body: second } = await call(
      hr,
      endpoints.create,
      body(first, unique('Segunda'), { status: 'abierta', replace_open: true }),
    );
    expect(second.status).toBe('abierta');
    // A new round: the collaborator is to be evaluated again in it.
    expect(await progressOf(a.evaluator)).toMatchObject({ assigned: 1, evaluated: 0 });
    // The closed round takes nothing more; its result stays in the history.
    const late = await submit(a.client, submission(first, a.collaborator.id, a.evaluator.id, [1]));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: ERROR_CODES.evaluationNotOpen,
      error: 'La evaluación no está abierta: ya no recibe respuestas.',
    });
    const history = await call(hr, historyEndpoints.ofUser, { params: { userId: a.collaborator.id } });
    expect(history.body).toEqual([expect.objectContaining({ evaluation_id: first.evaluationId })]);

    // A draft takes nothing either.
    const { body: draft } = await call(hr, endpoints.create, body(first, unique('Borrador')));
    expect(draft.status).toBe('borrador');
    const toDraft = submission(first, a.collaborator.id, a.evaluator.id, [3]);
    toDraft.body.evaluation_id = draft.id;
    expect((await submit(a.client, toDraft)).status).toBe(409);

    // Closing: open → cerrada; a draft cannot close; closing twice changes nothing.
    const closed = await call(hr, endpoints.close, of(second.id));
    expect(closed.body.status).toBe('cerrada');
    expect(await statusOf(hr, endpoints.close, of(second.id))).toBe(200);
    const draftClose = await callExpecting(hr, endpoints.close, of(draft.id), 409);
    expect(draftClose.status).toBe(409);
    expect(draftClose.body.error).toBe('Solo se puede cerrar una evaluación abierta.');
    // No open round: the form says there is none, the dashboard counts no work for the category.
    expect(await statusOf(hr, endpoints.byCategory, inCategory(first.categoryId))).toBe(404);
    expect(await progressOf(a.evaluator)).toMatchObject({ assigned: 0, evaluated: 0 });
  });

  it('keeps an open evaluation askable: its bank cannot be dropped or emptied', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const { body: current } = await call(hr, endpoints.get, of(setup.evaluationId));
    const dropped = await callExpecting(
      hr,
      endpoints.update,
      { ...of(setup.evaluationId), body: { ...current, question_bank_id: null } },
      409,
    );
    expect(dropped.status).toBe(409);
    expect(dropped.body.code).toBe(ERROR_CODES.evaluationNeedsItems);
    // The state never changes through PUT (a status the contract's body has not: sent raw).
    const renamed = await hr.put(urlOf(endpoints.update, of(setup.evaluationId)), {
      ...current,
      name: 'Renombrada',
      status: 'cerrada',
    });
    expect(answerOf(endpoints.update, renamed)).toMatchObject({ name: 'Renombrada', status: 'abierta' });
    const [q1, q2] = setup.questions;
    expect((await removeQuestion(hr, setup.bankId, q1!.id)).status).toBe(204);
    const last = await callExpecting(
      hr,
      questionBankEndpoints.removeQuestion,
      { params: { id: setup.bankId, qid: q2!.id } },
      409,
    );
    expect(last.status).toBe(409);
    expect(last.body.error).toBe(
      'No se puede eliminar la última pregunta del banco: lo usa una evaluación abierta.',
    );
  });

  it('never moves an open evaluation into a category that has one open', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const a = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('A') });
    const b = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('B') });
    const { body: current } = await call(hr, endpoints.get, of(a.evaluationId));
    const moved = await callExpecting(
      hr,
      endpoints.update,
      { ...of(a.evaluationId), body: { ...current, category_id: b.categoryId } },
      409,
    );
    expect(moved.status).toBe(409);
    expect(moved.body.error).toMatch(
      /^La categoría «.+» ya tiene abierta la evaluación «B.*»\. Ciérrala antes de pasar a esa categoría una evaluación abierta\.$/,
    );
    expect((await call(hr, endpoints.get, of(a.evaluationId))).body.category_id).toBe(a.categoryId);
  });

  it('never leaves an open evaluation with an empty bank, whatever runs at once', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    // Two removals of an open evaluation's last two questions at once: one of them is refused.
    const open = await createV1Evaluation(t(), ['competency', 'objective']);
    const removals = await Promise.all(open.questions.map((q) => removeQuestion(hr, open.bankId, q.id)));
    expect(removals.map((r) => r.status).sort()).toEqual([204, 409]);
    const left = await call(hr, questionBankEndpoints.questions, { params: { id: open.bankId } });
    expect(left.body).toHaveLength(1);

    // Opening a draft while its bank's only question is removed: never both.
    for (let round = 0; round < 5; round += 1) {
      const draft = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
      const [opened, removed] = await Promise.all([
        reply(hr, endpoints.open, { ...of(draft.evaluationId), body: {} }),
        removeQuestion(hr, draft.bankId, draft.questions[0]!.id),
      ]);
      expect([opened.status, removed.status].sort()).toEqual(opened.status === 200 ? [200, 409] : [204, 409]);
      const state = (await call(hr, endpoints.get, of(draft.evaluationId))).body.status;
      const asked = (await call(hr, questionBankEndpoints.questions, { params: { id: draft.bankId } })).body
        .length;
      expect(state === 'abierta' ? asked : 1).toBe(1);
    }
  });

  it('leaves exactly one open evaluation when many open at once, and never answers 5xx', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const setup = await createV1Evaluation(t(), ['competency']);
    await assignSomeoneIn(t(), setup.categoryId);
    const drafts: Evaluation[] = [];
    for (let i = 0; i < 8; i += 1) {
      drafts.push((await call(hr, endpoints.create, body(setup, `Ronda ${i}`))).body);
    }
    const opens = await Promise.all(
      drafts.map((d) => reply(hr, endpoints.open, { ...of(d.id), body: { replace_open: true } })),
    );
    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        reply(hr, endpoints.create, body(setup, `Nueva ${i}`, { status: 'abierta', replace_open: true })),
      ),
    );
    for (const res of [...opens, ...creates]) {
      expect([200, 201, 409], res.res.body).toContain(res.status);
      if (!res.ok) expect(res.body.code).toBe(ERROR_CODES.evaluationOpenInCategory);
    }
    const open = Object.values(await statuses(hr, setup.categoryId)).filter((s) => s === 'abierta');
    expect(open).toHaveLength(1);
  });

  it('stores exactly the submissions it acknowledged when a close races with them', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const raters = await Promise.all(Array.from({ length: 8 }, () => rater(t(), setup)));
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const [closeRes, submits] = await Promise.all([
      reply(hr, endpoints.close, of(setup.evaluationId)),
      Promise.all(
        raters.map((r) => submit(r.client, submission(setup, r.collaborator.id, r.evaluator.id, [3]))),
      ),
    ]);
    expect(closeRes.status).toBe(200);
    for (const res of submits) expect([201, 409], res.res.body).toContain(res.status);
    const acknowledged = submits.filter((r) => r.status === 201).length;
    const stored = await t()
      .db.selectFrom('v1_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('evaluation_id', '=', setup.evaluationId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(acknowledged);
    // After the close is acknowledged nothing more gets in.
    const after = raters[0]!;
    const again = await submit(
      after.client,
      submission(setup, after.collaborator.id, after.evaluator.id, [2]),
    );
    expect(again.status).toBe(409);
  });
});
