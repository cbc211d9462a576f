import { v2ReleaseEndpoints, v2ResultEndpoints, type V2Results } from '@evalua/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { answerOf } from '../../../test/answer';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { setV2Status } from '../../../test/v2';
import { build360, type Scenario } from '../../../test/v2-answers';

const resultsUrl = (evaluationId: number, userId: number) =>
  `/api/evaluations-v2/${evaluationId}/results/${userId}`;
const NOT_AVAILABLE = { error: 'Tus resultados aún no están disponibles.', code: 'RESULTS_NOT_RELEASED' };
const NOT_AVAILABLE_TEAM = {
  error: 'Los resultados de esta persona aún no están disponibles para ti.',
  code: 'RESULTS_NOT_RELEASED',
};
const FORBIDDEN = { error: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' };

async function readsOf(client: TestClient, url: string) {
  return Promise.all([client.get(url), client.get(`${url}/pdf`), client.get(`${url}/xlsx`)]);
}

async function expectRefused(client: TestClient, url: string, body: object) {
  for (const res of await readsOf(client, url)) {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(body);
  }
}

async function expectReadable(client: TestClient, url: string): Promise<V2Results> {
  const [json, pdf, xlsx] = await readsOf(client, url);
  expect(json.statusCode, json.body).toBe(200);
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(xlsx.statusCode).toBe(200);
  return answerOf(v2ResultEndpoints.person, json);
}

async function resultsReadyMails(t: TestContext, evaluationId: number) {
  const rows = await t.db
    .selectFrom('outbox')
    .select(['user_id', 'text'])
    .where('kind', '=', 'v2-results-ready')
    .execute();
  return rows.filter((r) => r.text.includes(`/evaluations-v2/${evaluationId}/results/`));
}

describeEngines('releasing 360 results (decision 038)', (t) => {
  let s: Scenario;
  let hr: TestClient;
  let releaseUrl: string;
  const url = (key: 'A' | 'B' | 'C' | 'D') => resultsUrl(s.evaluation.id, s.evaluatees[key].user.id);

  beforeAll(async () => {
    s = await build360(t());
    hr = (await loginAs(t(), 'gestionhumana')).client;
    releaseUrl = `/api/evaluations-v2/${s.evaluation.id}/release`;
    // B reports to p1 ('Reporta a'), who also rated B as a peer.
    await t()
      .db.updateTable('users')
      .set({ manager_id: s.raters.p1.user.id })
      .where('id', '=', s.evaluatees.B.user.id)
      .execute();
  });

  it('shares with nobody until HR decides; closing alone releases nothing', async () => {
    const state = await hr.get(releaseUrl);
    expect(answerOf(v2ReleaseEndpoints.get, state)).toEqual({
      evaluation_id: s.evaluation.id,
      closed: false,
      evaluatee: false,
      manager: false,
      overrides: 0,
    });
    await setV2Status(s.admin, s.evaluation.id, 'closed');
    expect(await resultsReadyMails(t(), s.evaluation.id)).toEqual([]);

    // The evaluatee: listed in 'Mis resultados 360' as not released, and refused with the sentence.
    const mine = await s.evaluatees.A.client.get('/api/evaluations-v2/results/mine');
    expect(answerOf(v2ResultEndpoints.mine, mine).rows).toEqual([
      {
        evaluation_id: s.evaluation.id,
        evaluation_name: s.evaluation.name,
        period: s.evaluation.period,
        released: false,
      },
    ]);
    await expectRefused(s.evaluatees.A.client, url('A'), NOT_AVAILABLE);
    // The manager: their team is listed, each not released, and every read refused.
    const team = answerOf(
      v2ReleaseEndpoints.team,
      await s.raters.manager.client.get('/api/evaluations-v2/results/team'),
    );
    expect(team.rows.map((r) => [r.evaluatee_id, r.released])).toEqual(
      (['A', 'B', 'C', 'D'] as const)
        .map((k) => s.evaluatees[k].user)
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
        .map((u) => [u.id, false]),
    );
    await expectRefused(s.raters.manager.client, url('A'), NOT_AVAILABLE_TEAM);
    // Nobody else: not a stranger, not a peer who is nobody's manager.
    await expectRefused(s.raters.p2.client, url('A'), FORBIDDEN);
    await expectRefused(s.evaluatees.A.client, url('B'), FORBIDDEN);
    // Summary and snapshots stay with admin and HR.
    for (const client of [s.evaluatees.A.client, s.raters.manager.client]) {
      for (const path of ['summary', 'snapshots']) {
        const res = await client.get(`/api/evaluations-v2/${s.evaluation.id}/${path}`);
        expect(res.statusCode).toBe(403);
      }
    }
  });

  it('releases to the evaluatees, once e-mailed each, and per person otherwise', async () => {
    const set = await hr.put(releaseUrl, { evaluatee: true, manager: false });
    expect(answerOf(v2ReleaseEndpoints.set, set)).toMatchObject({
      closed: true,
      evaluatee: true,
      manager: false,
    });
    const own = await expectReadable(s.evaluatees.A.client, url('A'));
    expect(own.released).toBe(true);
    expect(own.relations.find((r) => r.relation === 'peer')!.shown).toBe(false);
    const mails = await resultsReadyMails(t(), s.evaluation.id);
    expect(mails.map((m) => m.user_id).sort()).toEqual(
      (['A', 'B', 'C', 'D'] as const).map((k) => s.evaluatees[k].user.id).sort(),
    );
    // Off and on again: nobody is told twice.
    await hr.put(releaseUrl, { evaluatee: false, manager: false });
    await expectRefused(s.evaluatees.A.client, url('A'), NOT_AVAILABLE);
    await hr.put(releaseUrl, { evaluatee: true, manager: false });
    expect(await resultsReadyMails(t(), s.evaluation.id)).toHaveLength(4);
    // The manager still reads nothing.
    await expectRefused(s.raters.manager.client, url('A'), NOT_AVAILABLE_TEAM);

    // One person's own choice: C not yet; A to their manager too.
    const people = `${releaseUrl}/people`;
    const c = await hr.put(`${releaseUrl}/${s.evaluatees.C.user.id}`, { evaluatee: false, manager: null });
    expect(answerOf(v2ReleaseEndpoints.setPerson, c)).toMatchObject({
      user_id: s.evaluatees.C.user.id,
      own: { evaluatee: false, manager: null },
      evaluatee: false,
      manager: false,
    });
    await expectRefused(s.evaluatees.C.client, url('C'), NOT_AVAILABLE);
    await hr.put(`${releaseUrl}/${s.evaluatees.A.user.id}`, { evaluatee: null, manager: true });
    const managerView = await expectReadable(s.raters.manager.client, url('A'));
    expect(managerView.relations.find((r) => r.relation === 'peer')!.shown).toBe(false);
    await expectRefused(s.raters.manager.client, url('D'), NOT_AVAILABLE_TEAM);
    const listed = answerOf(v2ReleaseEndpoints.people, await hr.get(`${people}?pageSize=2`));
    expect(listed.total).toBe(4);
    expect(listed.rows).toHaveLength(2);
    const searched = answerOf(
      v2ReleaseEndpoints.people,
      await hr.get(`${people}?q=${encodeURIComponent('evaluada c')}`),
    );
    expect(searched.rows.map((r) => r.user_id)).toEqual([s.evaluatees.C.user.id]);
    expect(answerOf(v2ReleaseEndpoints.get, await hr.get(releaseUrl)).overrides).toBe(2);
    // Back to the evaluation's choice.
    await hr.put(`${releaseUrl}/${s.evaluatees.C.user.id}`, { evaluatee: null, manager: null });
    await expectReadable(s.evaluatees.C.client, url('C'));
    const audit = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('action', '=', 'release')
      .where('entity_id', '=', s.evaluation.id)
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(6);
  });

  it('a manager reads their report under the same anonymity, and their own answers never count', async () => {
    await hr.put(releaseUrl, { evaluatee: true, manager: true });
    // B's peers (p1, p2) and report (r1) make a merged group of 3, shown to B.
    const own = await expectReadable(s.evaluatees.B.client, url('B'));
    const merged = (r: V2Results) => r.relations.find((g) => g.relation === 'peer_report');
    expect(merged(own)).toMatchObject({ shown: true, raters_counted: 3 });
    // p1, whom B reports to, rated B as a peer: p1's answers do not count for p1, so the group hides.
    const team = answerOf(
      v2ReleaseEndpoints.team,
      await s.raters.p1.client.get('/api/evaluations-v2/results/team'),
    );
    expect(team.rows.map((r) => [r.evaluatee_id, r.released])).toEqual([[s.evaluatees.B.user.id, true]]);
    const asManager = await expectReadable(s.raters.p1.client, url('B'));
    expect(
      asManager.relations.filter((g) => g.shown && g.relation !== 'self' && g.relation !== 'manager'),
    ).toEqual([]);
    expect(asManager.others).toBeNull();
    expect(asManager.comments.filter((c) => c.relation === 'peer_report')).toEqual([]);
    // p1 is nobody else's manager.
    await expectRefused(s.raters.p1.client, url('A'), FORBIDDEN);
    // A colaborador with no team has an empty list.
    const lone = await loginAs(t(), 'colaborador');
    expect((await lone.client.get('/api/evaluations-v2/results/team')).json()).toEqual({ rows: [] });
  });

  it('refuses bad choices, strangers and unknown ids', async () => {
    for (const body of [{}, { evaluatee: 'sí', manager: false }, { evaluatee: true }, []]) {
      const res = await hr.put(releaseUrl, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(
        'Indica con quién se comparten los resultados (sí o no para la persona y para su jefe).',
      );
    }
    const stranger = await loginAs(t(), 'colaborador');
    const notRated = await hr.put(`${releaseUrl}/${stranger.user.id}`, { evaluatee: true, manager: null });
    expect(notRated.statusCode).toBe(404);
    expect(notRated.json().error).toBe('Esa persona no está evaluada en esta evaluación.');
    for (const res of [
      await hr.get('/api/evaluations-v2/999999/release'),
      await hr.put('/api/evaluations-v2/999999/release', { evaluatee: true, manager: true }),
      await hr.get('/api/evaluations-v2/999999/release/people'),
      await hr.put(`/api/evaluations-v2/999999/release/${stranger.user.id}`, {
        evaluatee: true,
        manager: true,
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('La evaluación no existe.');
    }
    const calls: Call[] = [
      { method: 'GET', url: releaseUrl },
      { method: 'PUT', url: releaseUrl, body: { evaluatee: true, manager: true } },
      { method: 'GET', url: `${releaseUrl}/people` },
      {
        method: 'PUT',
        url: `${releaseUrl}/${s.evaluatees.A.user.id}`,
        body: { evaluatee: true, manager: true },
      },
    ];
    await expectAllUnauthenticated(t(), [
      ...calls,
      { method: 'GET', url: '/api/evaluations-v2/results/team' },
    ]);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});

describeEngines('releasing 360 results at once (decision 038)', (t) => {
  it('ten releases and a close racing write each e-mail once and never fail', async () => {
    const s = await build360(t());
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const releaseUrl = `/api/evaluations-v2/${s.evaluation.id}/release`;
    const answers = await Promise.all([
      s.admin.patch(`/api/evaluations-v2/${s.evaluation.id}`, { status: 'closed' }),
      ...Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? hr.put(releaseUrl, { evaluatee: true, manager: i % 4 === 0 })
          : hr.put(`${releaseUrl}/${s.evaluatees.A.user.id}`, { evaluatee: true, manager: null }),
      ),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const told = await resultsReadyMails(t(), s.evaluation.id);
    expect(told.map((m) => m.user_id).sort()).toEqual(
      (['A', 'B', 'C', 'D'] as const).map((k) => s.evaluatees[k].user.id).sort(),
    );
    const own = await s.evaluatees.D.client.get(resultsUrl(s.evaluation.id, s.evaluatees.D.user.id));
    expect(own.statusCode).toBe(200);
  });
});

describe('release choices', () => {
  it('maps the four audiences to the two flags and back', async () => {
    const { audienceOf, releaseOf, RELEASE_AUDIENCES } = await import('@evalua/contracts');
    for (const a of RELEASE_AUDIENCES) expect(audienceOf(releaseOf(a))).toBe(a);
  });
});
