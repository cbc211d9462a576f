import {
  ERROR_CODES,
  dashboardEndpoints,
  evaluationEndpoints as endpoints,
  type Evaluation,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';
import { assign, clientFor, createV1Evaluation, submitBody, type V1Setup } from '../../../test/v1';

/**
 * Which V1 evaluation is current is explicit (issue 15, decision 026): borrador → abierta → cerrada,
 * at most one open per category, and opening one while another is open must be confirmed.
 */

const SUBMIT = '/api/full-evaluation/full-submit';

const body = (setup: V1Setup, name: string, extra: Record<string, unknown> = {}) => ({
  name,
  weight_objectives: 40,
  weight_competencies: 60,
  category_id: setup.categoryId,
  question_bank_id: setup.bankId,
  ...extra,
});

async function statuses(hr: TestClient, categoryId: number): Promise<Record<string, string>> {
  const all = answerOf(endpoints.list, await hr.get('/api/evaluations'));
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
    const noBank = await hr.post('/api/evaluations', body(first, 'Sin banco', { question_bank_id: null }));
    expect(noBank.statusCode).toBe(201);
    const draft = answerOf(endpoints.create, noBank);
    expect(draft.status).toBe('borrador');
    const refused = await hr.post(`/api/evaluations/${draft.id}/open`, { replace_open: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ERROR_CODES.evaluationNeedsItems,
      error: 'La evaluación necesita un banco de preguntas con al menos una pregunta antes de abrirse.',
    });

    // Asked to open while 'Primera' is open, without confirmation: refused, nothing created.
    const unconfirmed = await hr.post('/api/evaluations', body(first, 'Segunda', { status: 'abierta' }));
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json<{ code: string; error: string }>().code).toBe(
      ERROR_CODES.evaluationOpenInCategory,
    );
    expect(unconfirmed.json<{ error: string }>().error).toContain('«Primera»');
    expect(await statuses(hr, first.categoryId)).toEqual({ Primera: 'abierta', 'Sin banco': 'borrador' });

    // Nothing said: it starts as a draft and the open one stays current.
    const quiet = answerOf(endpoints.create, await hr.post('/api/evaluations', body(first, 'Tercera')));
    expect(quiet.status).toBe('borrador');
    expect(
      answerOf(endpoints.byCategory, await hr.get(`/api/evaluations/by-category/${first.categoryId}`)).id,
    ).toBe(first.evaluationId);

    // Confirmed: 'Tercera' opens, 'Primera' closes, and the form follows 'Tercera'.
    const opened = await hr.post(`/api/evaluations/${quiet.id}/open`, { replace_open: true });
    expect(opened.statusCode).toBe(200);
    expect(answerOf(endpoints.open, opened).status).toBe('abierta');
    expect(await statuses(hr, first.categoryId)).toEqual({
      Primera: 'cerrada',
      'Sin banco': 'borrador',
      Tercera: 'abierta',
    });
    expect(
      answerOf(endpoints.byCategory, await hr.get(`/api/evaluations/by-category/${first.categoryId}`)).id,
    ).toBe(quiet.id);
    // Opening the open one again changes nothing.
    expect(answerOf(endpoints.open, await hr.post(`/api/evaluations/${quiet.id}/open`, {})).status).toBe(
      'abierta',
    );
  });

  it('takes submissions only while open; the dashboard follows the open one and history keeps the closed', async () => {
    const first = await createV1Evaluation(t(), ['competency'], { competencies: 100, objectives: 0 });
    const a = await rater(t(), first);
    expect(
      (await a.client.post(SUBMIT, submitBody(first, a.collaborator.id, a.evaluator.id, [4]))).statusCode,
    ).toBe(201);
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const progressOf = async (evaluator: { name: string }) =>
      answerOf(dashboardEndpoints.metrics, await hr.get('/api/dashboard/metrics')).evaluation_progress.find(
        (p) => p.evaluator_name === evaluator.name,
      );
    expect(await progressOf(a.evaluator)).toMatchObject({ assigned: 1, evaluated: 1 });

    const second = answerOf(
      endpoints.create,
      await hr.post(
        '/api/evaluations',
        body(first, unique('Segunda'), { status: 'abierta', replace_open: true }),
      ),
    );
    expect(second.status).toBe('abierta');
    // A new round: the collaborator is to be evaluated again in it.
    expect(await progressOf(a.evaluator)).toMatchObject({ assigned: 1, evaluated: 0 });
    // The closed round takes nothing more; its result stays in the history.
    const late = await a.client.post(SUBMIT, submitBody(first, a.collaborator.id, a.evaluator.id, [1]));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: ERROR_CODES.evaluationNotOpen,
      error: 'La evaluación no está abierta: ya no recibe respuestas.',
    });
    const history = await hr.get(`/api/users/evaluation-history/${a.collaborator.id}`);
    expect(history.json()).toEqual([expect.objectContaining({ evaluation_id: first.evaluationId })]);

    // A draft takes nothing either.
    const draft = answerOf(
      endpoints.create,
      await hr.post('/api/evaluations', body(first, unique('Borrador'))),
    );
    expect(draft.status).toBe('borrador');
    const toDraft = await a.client.post(SUBMIT, {
      ...submitBody(first, a.collaborator.id, a.evaluator.id, [3]),
      evaluation_id: draft.id,
    });
    expect(toDraft.statusCode).toBe(409);

    // Closing: open → cerrada; a draft cannot close; closing twice changes nothing.
    const closed = await hr.post(`/api/evaluations/${second.id}/close`);
    expect(answerOf(endpoints.close, closed).status).toBe('cerrada');
    expect((await hr.post(`/api/evaluations/${second.id}/close`)).statusCode).toBe(200);
    const draftClose = await hr.post(`/api/evaluations/${draft.id}/close`);
    expect(draftClose.statusCode).toBe(409);
    expect(draftClose.json<{ error: string }>().error).toBe('Solo se puede cerrar una evaluación abierta.');
    // No open round: the form says there is none, the dashboard counts no work for the category.
    expect((await hr.get(`/api/evaluations/by-category/${first.categoryId}`)).statusCode).toBe(404);
    expect(await progressOf(a.evaluator)).toMatchObject({ assigned: 0, evaluated: 0 });
  });

  it('keeps an open evaluation askable: its bank cannot be dropped or emptied', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const current = answerOf(endpoints.get, await hr.get(`/api/evaluations/${setup.evaluationId}`));
    const dropped = await hr.put(`/api/evaluations/${setup.evaluationId}`, {
      ...current,
      question_bank_id: null,
    });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json<{ code: string }>().code).toBe(ERROR_CODES.evaluationNeedsItems);
    // The state never changes through PUT.
    const renamed = await hr.put(`/api/evaluations/${setup.evaluationId}`, {
      ...current,
      name: 'Renombrada',
      status: 'cerrada',
    });
    expect(answerOf(endpoints.update, renamed)).toMatchObject({ name: 'Renombrada', status: 'abierta' });
    const [q1, q2] = setup.questions;
    expect((await hr.delete(`/api/question-banks/${setup.bankId}/questions/${q1!.id}`)).statusCode).toBe(204);
    const last = await hr.delete(`/api/question-banks/${setup.bankId}/questions/${q2!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json<{ error: string }>().error).toBe(
      'No se puede eliminar la última pregunta del banco: lo usa una evaluación abierta.',
    );
  });

  it('never moves an open evaluation into a category that has one open', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const a = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('A') });
    const b = await createV1Evaluation(t(), ['competency'], undefined, { name: unique('B') });
    const current = answerOf(endpoints.get, await hr.get(`/api/evaluations/${a.evaluationId}`));
    const moved = await hr.put(`/api/evaluations/${a.evaluationId}`, {
      ...current,
      category_id: b.categoryId,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json<{ error: string }>().error).toMatch(
      /^La categoría «.+» ya tiene abierta la evaluación «B.*»\. Ciérrala antes de pasar a esa categoría una evaluación abierta\.$/,
    );
    expect(answerOf(endpoints.get, await hr.get(`/api/evaluations/${a.evaluationId}`)).category_id).toBe(
      a.categoryId,
    );
  });

  it('never leaves an open evaluation with an empty bank, whatever runs at once', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    // Two removals of an open evaluation's last two questions at once: one of them is refused.
    const open = await createV1Evaluation(t(), ['competency', 'objective']);
    const removals = await Promise.all(
      open.questions.map((q) => hr.delete(`/api/question-banks/${open.bankId}/questions/${q.id}`)),
    );
    expect(removals.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const left = await hr.get(`/api/question-banks/${open.bankId}/questions`);
    expect(left.json()).toHaveLength(1);

    // Opening a draft while its bank's only question is removed: never both.
    for (let round = 0; round < 5; round += 1) {
      const draft = await createV1Evaluation(t(), ['competency'], undefined, { status: 'borrador' });
      const [opened, removed] = await Promise.all([
        hr.post(`/api/evaluations/${draft.evaluationId}/open`, {}),
        hr.delete(`/api/question-banks/${draft.bankId}/questions/${draft.questions[0]!.id}`),
      ]);
      expect([opened!.statusCode, removed!.statusCode].sort()).toEqual(
        opened!.statusCode === 200 ? [200, 409] : [204, 409],
      );
      const state = answerOf(endpoints.get, await hr.get(`/api/evaluations/${draft.evaluationId}`)).status;
      const asked = (await hr.get(`/api/question-banks/${draft.bankId}/questions`)).json<unknown[]>().length;
      expect(state === 'abierta' ? asked : 1).toBe(1);
    }
  });

  it('leaves exactly one open evaluation when many open at once, and never answers 5xx', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const setup = await createV1Evaluation(t(), ['competency']);
    const drafts: Evaluation[] = [];
    for (let i = 0; i < 8; i += 1) {
      drafts.push(answerOf(endpoints.create, await hr.post('/api/evaluations', body(setup, `Ronda ${i}`))));
    }
    const opens = await Promise.all(
      drafts.map((d) => hr.post(`/api/evaluations/${d.id}/open`, { replace_open: true })),
    );
    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        hr.post('/api/evaluations', body(setup, `Nueva ${i}`, { status: 'abierta', replace_open: true })),
      ),
    );
    for (const res of [...opens, ...creates]) {
      expect([200, 201, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409)
        expect(res.json<{ code: string }>().code).toBe(ERROR_CODES.evaluationOpenInCategory);
    }
    const open = Object.values(await statuses(hr, setup.categoryId)).filter((s) => s === 'abierta');
    expect(open).toHaveLength(1);
  });

  it('stores exactly the submissions it acknowledged when a close races with them', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const raters = await Promise.all(Array.from({ length: 8 }, () => rater(t(), setup)));
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const [closeRes, ...submits] = await Promise.all([
      hr.post(`/api/evaluations/${setup.evaluationId}/close`),
      ...raters.map((r) => r.client.post(SUBMIT, submitBody(setup, r.collaborator.id, r.evaluator.id, [3]))),
    ]);
    expect(closeRes!.statusCode).toBe(200);
    for (const res of submits) expect([201, 409], res.body).toContain(res.statusCode);
    const acknowledged = submits.filter((r) => r.statusCode === 201).length;
    const stored = await t()
      .db.selectFrom('v1_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('evaluation_id', '=', setup.evaluationId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(acknowledged);
    // After the close is acknowledged nothing more gets in.
    const after = raters[0]!;
    const again = await after.client.post(
      SUBMIT,
      submitBody(setup, after.collaborator.id, after.evaluator.id, [2]),
    );
    expect(again.statusCode).toBe(409);
  });
});
