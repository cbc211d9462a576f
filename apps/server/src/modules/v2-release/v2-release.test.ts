import {
  v2EvaluationEndpoints,
  v2ReleaseEndpoints as endpoints,
  v2ResultEndpoints,
  v2SnapshotEndpoints,
  type BodyInput,
  type ErrorBody,
  type V2Results,
} from '@evalua/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { call, callExpecting, reply, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { setV2Status } from '../../../test/v2';
import { build360, type Scenario } from '../../../test/v2-answers';

/** One evaluatee's results (as JSON, PDF or spreadsheet). */
interface Results {
  params: { id: number; userId: number };
}
const NOT_AVAILABLE = { error: 'Tus resultados aún no están disponibles.', code: 'RESULTS_NOT_RELEASED' };
const NOT_AVAILABLE_TEAM = {
  error: 'Los resultados de esta persona aún no están disponibles para ti.',
  code: 'RESULTS_NOT_RELEASED',
};
const FORBIDDEN = { error: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' };

async function expectRefused(client: TestClient, results: Results, body: ErrorBody) {
  for (const res of await Promise.all([
    callExpecting(client, v2ResultEndpoints.person, results, 403),
    callExpecting(client, v2ResultEndpoints.personPdf, results, 403),
    callExpecting(client, v2ResultEndpoints.personXlsx, results, 403),
  ])) {
    expect(res.status).toBe(403);
    expect(res.body).toEqual(body);
  }
}

async function expectReadable(client: TestClient, results: Results): Promise<V2Results> {
  const [json, pdf, xlsx] = await Promise.all([
    call(client, v2ResultEndpoints.person, results),
    call(client, v2ResultEndpoints.personPdf, results),
    call(client, v2ResultEndpoints.personXlsx, results),
  ]);
  expect(json.status).toBe(200);
  expect(pdf.status).toBe(200);
  expect(pdf.res.headers['content-type']).toBe('application/pdf');
  expect(xlsx.status).toBe(200);
  return json.body;
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
  const url = (key: 'A' | 'B' | 'C' | 'D'): Results => ({
    params: { id: s.evaluation.id, userId: s.evaluatees[key].user.id },
  });
  const of = () => ({ params: { id: s.evaluation.id } });
  const release = (body: BodyInput<typeof endpoints.set>) => call(hr, endpoints.set, { ...of(), body });
  const releasePerson = (key: 'A' | 'C', body: BodyInput<typeof endpoints.setPerson>) =>
    call(hr, endpoints.setPerson, {
      params: { id: s.evaluation.id, userId: s.evaluatees[key].user.id },
      body,
    });

  beforeAll(async () => {
    s = await build360(t());
    hr = (await loginAs(t(), 'gestionhumana')).client;
    // B reports to p1 ('Reporta a'), who also rated B as a peer.
    await t()
      .db.updateTable('users')
      .set({ manager_id: s.raters.p1.user.id })
      .where('id', '=', s.evaluatees.B.user.id)
      .execute();
  });

  it('shares with nobody until HR decides; closing alone releases nothing', async () => {
    const state = await call(hr, endpoints.get, of());
    expect(state.body).toEqual({
      evaluation_id: s.evaluation.id,
      closed: false,
      evaluatee: false,
      manager: false,
      overrides: 0,
    });
    await setV2Status(s.admin, s.evaluation.id, 'closed');
    expect(await resultsReadyMails(t(), s.evaluation.id)).toEqual([]);

    // The evaluatee: listed in 'Mis resultados 360' as not released, and refused with the sentence.
    const mine = await call(s.evaluatees.A.client, v2ResultEndpoints.mine);
    expect(mine.body.rows).toEqual([
      {
        evaluation_id: s.evaluation.id,
        evaluation_name: s.evaluation.name,
        period: s.evaluation.period,
        released: false,
      },
    ]);
    await expectRefused(s.evaluatees.A.client, url('A'), NOT_AVAILABLE);
    // The manager: their team is listed, each not released, and every read refused.
    const { body: team } = await call(s.raters.manager.client, endpoints.team);
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
      for (const endpoint of [v2ResultEndpoints.summary, v2SnapshotEndpoints.list]) {
        expect(await statusOf(client, endpoint, of())).toBe(403);
      }
    }
  });

  it('releases to the evaluatees, once e-mailed each, and per person otherwise', async () => {
    const set = await release({ evaluatee: true, manager: false });
    expect(set.body).toMatchObject({
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
    await release({ evaluatee: false, manager: false });
    await expectRefused(s.evaluatees.A.client, url('A'), NOT_AVAILABLE);
    await release({ evaluatee: true, manager: false });
    expect(await resultsReadyMails(t(), s.evaluation.id)).toHaveLength(4);
    // The manager still reads nothing.
    await expectRefused(s.raters.manager.client, url('A'), NOT_AVAILABLE_TEAM);

    // One person's own choice: C not yet; A to their manager too.
    const c = await releasePerson('C', { evaluatee: false, manager: null });
    expect(c.body).toMatchObject({
      user_id: s.evaluatees.C.user.id,
      own: { evaluatee: false, manager: null },
      evaluatee: false,
      manager: false,
    });
    await expectRefused(s.evaluatees.C.client, url('C'), NOT_AVAILABLE);
    await releasePerson('A', { evaluatee: null, manager: true });
    const managerView = await expectReadable(s.raters.manager.client, url('A'));
    expect(managerView.relations.find((r) => r.relation === 'peer')!.shown).toBe(false);
    await expectRefused(s.raters.manager.client, url('D'), NOT_AVAILABLE_TEAM);
    const { body: listed } = await call(hr, endpoints.people, { ...of(), query: { pageSize: 2 } });
    expect(listed.total).toBe(4);
    expect(listed.rows).toHaveLength(2);
    const { body: searched } = await call(hr, endpoints.people, { ...of(), query: { q: 'evaluada c' } });
    expect(searched.rows.map((r) => r.user_id)).toEqual([s.evaluatees.C.user.id]);
    expect((await call(hr, endpoints.get, of())).body.overrides).toBe(2);
    // Back to the evaluation's choice.
    await releasePerson('C', { evaluatee: null, manager: null });
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
    await release({ evaluatee: true, manager: true });
    // B's peers (p1, p2) and report (r1) make a merged group of 3, shown to B.
    const own = await expectReadable(s.evaluatees.B.client, url('B'));
    const merged = (r: V2Results) => r.relations.find((g) => g.relation === 'peer_report');
    expect(merged(own)).toMatchObject({ shown: true, raters_counted: 3 });
    // p1, whom B reports to, rated B as a peer: p1's answers do not count for p1, so the group hides.
    const { body: team } = await call(s.raters.p1.client, endpoints.team);
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
    expect((await call(lone.client, endpoints.team)).body).toEqual({ rows: [] });
  });

  it('refuses bad choices, strangers and unknown ids', async () => {
    // Bodies outside the contract's type: sent raw.
    for (const body of [{}, { evaluatee: 'sí', manager: false }, { evaluatee: true }, []]) {
      const res = await hr.put(urlOf(endpoints.set, of()), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(
        'Indica con quién se comparten los resultados (sí o no para la persona y para su jefe).',
      );
    }
    const stranger = await loginAs(t(), 'colaborador');
    const notRated = await callExpecting(
      hr,
      endpoints.setPerson,
      { params: { id: s.evaluation.id, userId: stranger.user.id }, body: { evaluatee: true, manager: null } },
      404,
    );
    expect(notRated.status).toBe(404);
    expect(notRated.body.error).toBe('Esa persona no está evaluada en esta evaluación.');
    const unknown = { params: { id: 999999 } };
    const both = { evaluatee: true, manager: true };
    for (const res of [
      await callExpecting(hr, endpoints.get, unknown, 404),
      await callExpecting(hr, endpoints.set, { ...unknown, body: both }, 404),
      await callExpecting(hr, endpoints.people, unknown, 404),
      await callExpecting(
        hr,
        endpoints.setPerson,
        { params: { id: 999999, userId: stranger.user.id }, body: both },
        404,
      ),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('La evaluación no existe.');
    }
    const calls: Call[] = [
      { method: 'GET', url: urlOf(endpoints.get, of()) },
      { method: 'PUT', url: urlOf(endpoints.set, of()), body: both },
      { method: 'GET', url: urlOf(endpoints.people, of()) },
      {
        method: 'PUT',
        url: urlOf(endpoints.setPerson, { params: { id: s.evaluation.id, userId: s.evaluatees.A.user.id } }),
        body: both,
      },
    ];
    await expectAllUnauthenticated(t(), [...calls, { method: 'GET', url: urlOf(endpoints.team) }]);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});

describeEngines('releasing 360 results at once (decision 038)', (t) => {
  it('ten releases and a close racing write each e-mail once and never fail', async () => {
    const s = await build360(t());
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const of = { params: { id: s.evaluation.id } };
    const answers = await Promise.all([
      reply(s.admin, v2EvaluationEndpoints.update, { ...of, body: { status: 'closed' } }),
      ...Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? reply(hr, endpoints.set, { ...of, body: { evaluatee: true, manager: i % 4 === 0 } })
          : reply(hr, endpoints.setPerson, {
              params: { id: s.evaluation.id, userId: s.evaluatees.A.user.id },
              body: { evaluatee: true, manager: null },
            }),
      ),
    ]);
    for (const { status, res } of answers) expect(status, res.body).toBe(200);
    const told = await resultsReadyMails(t(), s.evaluation.id);
    expect(told.map((m) => m.user_id).sort()).toEqual(
      (['A', 'B', 'C', 'D'] as const).map((k) => s.evaluatees[k].user.id).sort(),
    );
    const own = await call(s.evaluatees.D.client, v2ResultEndpoints.person, {
      params: { id: s.evaluation.id, userId: s.evaluatees.D.user.id },
    });
    expect(own.status).toBe(200);
  });
});

describeEngines('telling managers their team’s 360 results are released (issue 30 §2, decision 055)', (t) => {
  it('e-mails each manager once, with how many of their people, however many releases race', async () => {
    const s = await build360(t());
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const of = { params: { id: s.evaluation.id } };
    const teamMails = () =>
      t()
        .db.selectFrom('outbox')
        .select(['user_id', 'subject', 'text'])
        .where('kind', '=', 'v2-team-results-ready')
        .where('text', 'like', `%«${s.evaluation.name}»%`)
        .execute();
    // Closed and released to nobody: no manager is told.
    expect(
      (await call(s.admin, v2EvaluationEndpoints.update, { ...of, body: { status: 'closed' } })).status,
    ).toBe(200);
    expect(await teamMails()).toEqual([]);
    // Ten releases to managers at once: one e-mail to the manager, never a failure.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        reply(hr, endpoints.set, { ...of, body: { evaluatee: false, manager: true } }),
      ),
    );
    for (const { status, res } of answers) expect(status, res.body).toBe(200);
    const told = await teamMails();
    expect(told.map((m) => m.user_id)).toEqual([s.raters.manager.user.id]);
    expect(told[0]!.subject).toBe('Los resultados 360 de tu equipo están disponibles');
    // The four people the manager rated, each with a completed answer.
    expect(told[0]!.text).toContain('de 4 personas de tu equipo');
    expect(told[0]!.text).toContain('/mi-equipo-360');
    // Released again, or per person: nothing more.
    await call(hr, endpoints.set, { ...of, body: { evaluatee: true, manager: true } });
    await call(hr, endpoints.setPerson, {
      params: { id: s.evaluation.id, userId: s.evaluatees.A.user.id },
      body: { evaluatee: true, manager: true },
    });
    expect(await teamMails()).toHaveLength(1);
  });
});

describe('release choices', () => {
  it('maps the four audiences to the two flags and back', async () => {
    const { audienceOf, releaseOf, RELEASE_AUDIENCES } = await import('@evalua/contracts');
    for (const a of RELEASE_AUDIENCES) expect(audienceOf(releaseOf(a))).toBe(a);
  });
});
