import {
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2ReleaseEndpoints,
  v2ResultEndpoints,
} from '@evalua/contracts';
import { beforeAll, expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { loginAs, unique, type TestUser } from '../../../test/factories';
import { createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';

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
    const draft = await createV2OpeningWithItems(admin);
    const [item] = await putV2Items(admin, draft.id, [
      { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
    ]);
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
    const bulk = await call(hr, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: draft.id,
        assignments: pairs.map(([rater, person]) => ({
          evaluator_id: rater.id,
          evaluatee_id: person.id,
          relation: 'manager' as const,
        })),
        allow_multiple_managers: true,
      },
    });
    expect(bulk.status).toBe(200);
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
      await call(hr, v2AssignmentEndpoints.bulk, {
        body: {
          evaluation_id: draft.id,
          assignments: [{ evaluator_id: peer.user.id, evaluatee_id: person.id, relation: 'peer' }],
        },
      });
      const res = await call(peer.client, v2AnswerEndpoints.submit, {
        body: {
          evaluation_id: draft.id,
          assignment_id: await idOf(peer.user, person),
          answers: [{ item_id: item!.id, type: 'rating', value: 4, skip: false, comment: null }],
        },
      });
      expect(res.status).toBe(201);
    }
    const no = await call(declined.client, v2AnswerEndpoints.decline, {
      body: { assignment_id: await idOf(declined.user, evaluatee), reason: 'No soy su jefe.' },
    });
    expect(no.status).toBe(200);
    // Nobody of `other`'s managers answered, so HR may remove one (decision 041 refuses it only after).
    const gone = await call(hr, v2AssignmentEndpoints.changeEvaluators, {
      params: { evaluationId: draft.id, userId: other.id },
      body: { add: [], remove: [removed.user.id] },
    });
    expect(gone.status).toBe(200);
    await setV2Status(admin, draft.id, 'closed');
    expect(
      (
        await call(hr, v2ReleaseEndpoints.set, {
          params: { id: draft.id },
          body: { evaluatee: false, manager: true },
        })
      ).status,
    ).toBe(200);

    const team = async (client: TestClient) =>
      (await call(client, v2ReleaseEndpoints.team)).body.rows.filter((r) => r.evaluation_id === draft.id);
    const formats = [v2ResultEndpoints.person, v2ResultEndpoints.personPdf, v2ResultEndpoints.personXlsx];
    const resultsOf = (person: TestUser) => ({ params: { id: draft.id, userId: person.id } });

    for (const [reader, person] of [
      [declined.client, evaluatee],
      [removed.client, other],
    ] as const) {
      expect(await team(reader)).toEqual([]);
      for (const endpoint of formats) {
        const res = await callExpecting(reader, endpoint, resultsOf(person), 403);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
    // The manager whose request stands reads, in every format.
    expect((await team(stays.client)).map((r) => [r.evaluatee_id, r.released])).toEqual([[other.id, true]]);
    for (const endpoint of formats)
      expect((await call(stays.client, endpoint, resultsOf(other))).status).toBe(200);
  });
});
