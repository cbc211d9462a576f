import { v2ReleaseEndpoints } from '@evalua/contracts';
import { beforeAll, expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { loginAs, unique, type TestUser } from '../../../test/factories';
import { createV2Draft, putV2Items, setV2Status } from '../../../test/v2';

/**
 * Issue 27 §4 (decision 041): a rater asked to rate someone as their manager who declined ('No soy su
 * jefe'), or whose request HR removed, used to keep a manager's reading rights: the person in 'Resultados
 * de mi equipo' and their released results (JSON, PDF, Excel). Such a request grants nothing.
 */

const FORBIDDEN = { error: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' };

describeEngines('a declined or removed manager request grants no reading (issue 27 §4)', (t) => {
  let admin: TestClient;
  let hr: TestClient;
  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
    hr = (await loginAs(t(), 'gestionhumana')).client;
  });

  it('the team view and every format refuse a manager who declined or was removed; one who stayed reads', async () => {
    const draft = await createV2Draft(admin);
    const [item] = await putV2Items(admin, draft.id, [
      { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
    ]);
    await setV2Status(admin, draft.id, 'open');
    const tag = unique('equipo');
    const evaluatee = (await loginAs(t(), 'colaborador', { name: `Evaluada ${tag}` })).user;
    const other = (await loginAs(t(), 'colaborador', { name: `Otra evaluada ${tag}` })).user;
    const declined = await loginAs(t(), 'evaluador', { name: `No es su jefa ${tag}` });
    const removed = await loginAs(t(), 'evaluador', { name: `Jefa quitada ${tag}` });
    const stays = await loginAs(t(), 'evaluador', { name: `Jefa ${tag}` });
    const pairs: Array<[TestUser, TestUser]> = [
      [declined.user, evaluatee],
      [stays.user, other],
      [removed.user, other],
    ];
    const bulk = await hr.post('/api/assignments-v2/bulk', {
      evaluation_id: draft.id,
      assignments: pairs.map(([rater, person]) => ({
        evaluator_id: rater.id,
        evaluatee_id: person.id,
        relation: 'manager',
      })),
      allow_multiple_managers: true,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const idOf = async (rater: TestUser, person: TestUser) =>
      (
        await t()
          .db.selectFrom('v2_assignments')
          .select('id')
          .where('evaluation_id', '=', draft.id)
          .where('evaluator_id', '=', rater.id)
          .where('evaluatee_id', '=', person.id)
          .executeTakeFirstOrThrow()
      ).id;
    // Each person is rated by a peer who answers: the team view lists people with an answer.
    for (const person of [evaluatee, other]) {
      const peer = await loginAs(t(), 'colaborador');
      await hr.post('/api/assignments-v2/bulk', {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: peer.user.id, evaluatee_id: person.id, relation: 'peer' }],
      });
      const res = await peer.client.post('/api/responses-v2/submit', {
        evaluation_id: draft.id,
        assignment_id: await idOf(peer.user, person),
        answers: [{ item_id: item!.id, type: 'rating', value: 4, skip: false, comment: null }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const no = await declined.client.post('/api/responses-v2/decline', {
      assignment_id: await idOf(declined.user, evaluatee),
      reason: 'No soy su jefe.',
    });
    expect(no.statusCode, no.body).toBe(200);
    // Nobody of `other`'s managers answered, so HR may remove one (decision 041 refuses it only after).
    const gone = await hr.post(`/api/evaluations-v2/${draft.id}/assignments/evaluatee/${other.id}`, {
      add: [],
      remove: [removed.user.id],
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await setV2Status(admin, draft.id, 'closed');
    expect(
      (await hr.put(`/api/evaluations-v2/${draft.id}/release`, { evaluatee: false, manager: true }))
        .statusCode,
    ).toBe(200);

    const team = async (client: TestClient) =>
      answerOf(v2ReleaseEndpoints.team, await client.get('/api/evaluations-v2/results/team')).rows.filter(
        (r) => r.evaluation_id === draft.id,
      );
    const reads = (client: TestClient, person: TestUser) => {
      const url = `/api/evaluations-v2/${draft.id}/results/${person.id}`;
      return Promise.all([client.get(url), client.get(`${url}/pdf`), client.get(`${url}/xlsx`)]);
    };

    for (const [reader, person] of [
      [declined.client, evaluatee],
      [removed.client, other],
    ] as const) {
      expect(await team(reader)).toEqual([]);
      for (const res of await reads(reader, person)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
    // The manager whose request stands reads, in every format.
    expect((await team(stays.client)).map((r) => [r.evaluatee_id, r.released])).toEqual([[other.id, true]]);
    for (const res of await reads(stays.client, other)) expect(res.statusCode).toBe(200);
  });
});
