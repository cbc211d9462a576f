import {
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2ReleaseEndpoints,
  v2ResultEndpoints,
  type V2Item,
  type V2Results,
} from '@evalua/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { call, callExpecting, reply } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { loginAs, unique, type TestUser } from '../../../test/factories';
import { havePoppler, pdfText } from '../../../test/pdf';
import { createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';

/**
 * Issue 27 §3 (decision 041): with two managers asked and one answered, the other one declining,
 * being removed by HR or given another relation used to leave a lone, attributed manager — their exact
 * figures and comment in the JSON, the PDF and the Excel, and 'Otros' with them. A group of managers
 * that was hidden when one of them answered stays hidden.
 */

interface Round {
  id: number;
  items: V2Item[];
}

interface Person {
  user: TestUser;
  client: TestClient;
}

/** An open 360 with one rating item, released to each evaluatee once closed. */
async function openRound(admin: TestClient): Promise<Round> {
  const draft = await createV2OpeningWithItems(admin);
  const items = await putV2Items(admin, draft.id, [
    { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
  ]);
  const release = await call(admin, v2ReleaseEndpoints.set, {
    params: { id: draft.id },
    body: { evaluatee: true, manager: false },
  });
  expect(release.status).toBe(200);
  return { id: draft.id, items };
}

async function assignmentId(t: TestContext, round: Round, rater: TestUser, evaluatee: TestUser) {
  const row = await t.db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', round.id)
    .where('evaluator_id', '=', rater.id)
    .where('evaluatee_id', '=', evaluatee.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A rater answers the one item (1-5) with a comment that names them. */
async function answer(t: TestContext, round: Round, rater: Person, evaluatee: TestUser, value: number) {
  return reply(rater.client, v2AnswerEndpoints.submit, {
    body: {
      evaluation_id: round.id,
      assignment_id: await assignmentId(t, round, rater.user, evaluatee),
      answers: [
        {
          item_id: round.items[0]!.id,
          type: 'rating',
          value,
          skip: false,
          comment: `Comentario de ${rater.user.name}`,
        },
      ],
    },
  });
}

async function decline(t: TestContext, round: Round, rater: Person, evaluatee: TestUser) {
  return reply(rater.client, v2AnswerEndpoints.decline, {
    body: { assignment_id: await assignmentId(t, round, rater.user, evaluatee), reason: 'No soy su jefe.' },
  });
}

const evaluateeOf = (round: Round, evaluatee: TestUser) => ({
  params: { evaluationId: round.id, userId: evaluatee.id },
});
const resultsOf = (round: Round, evaluatee: TestUser) => ({ params: { id: round.id, userId: evaluatee.id } });
/** HR takes `who` off the evaluatee's raters (the per-person modal). */
const removal = (hr: TestClient, round: Round, evaluatee: TestUser, who: TestUser) =>
  reply(hr, v2AssignmentEndpoints.changeEvaluators, {
    ...evaluateeOf(round, evaluatee),
    body: { add: [], remove: [who.id] },
  });
/** HR makes a request a peer's (PATCH). */
const toPeer = (hr: TestClient, id: number) =>
  reply(hr, v2AssignmentEndpoints.changeRelation, { params: { id }, body: { relation: 'peer' } });

const refusal = (id: number) => ({
  error: `El evaluador ${id} no se puede quitar ni dejar de ser jefe: otro jefe de esta persona ya respondió cuando eran varios jefes, con la promesa de que sus respuestas no se mostrarían por separado, y quedaría como su único jefe, con sus respuestas a la vista. Si no le corresponde evaluar, puede rechazar la solicitud.`,
  code: 'MANAGER_GROUP_ANSWERED',
});

describeEngines('a group of managers stays hidden once one answered (issue 27 §3)', (t) => {
  let admin: TestClient;
  let hr: TestClient;
  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
    hr = (await loginAs(t(), 'gestionhumana')).client;
  });

  /**
   * An evaluatee with `managers` managers (HR confirmed) and three peers; the peers answer 3 and the
   * first manager 5, so that 'Otros' minus the shown peers would give that manager's answer away.
   */
  async function managerGroup(round: Round, managers = 2) {
    const tag = unique('jefes');
    const person = await loginAs(t(), 'colaborador', { name: `Evaluada ${tag}` });
    const evaluatee = person.user;
    const bosses: Person[] = [];
    for (let i = 1; i <= managers; i++)
      bosses.push(await loginAs(t(), 'evaluador', { name: `Jefa ${i} ${tag}` }));
    const peers: Person[] = [];
    for (let i = 1; i <= 3; i++) peers.push(await loginAs(t(), 'colaborador', { name: `Par ${i} ${tag}` }));
    const res = await call(hr, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: round.id,
        assignments: [
          ...bosses.map((m) => ({
            evaluator_id: m.user.id,
            evaluatee_id: evaluatee.id,
            relation: 'manager' as const,
          })),
          ...peers.map((p) => ({
            evaluator_id: p.user.id,
            evaluatee_id: evaluatee.id,
            relation: 'peer' as const,
          })),
        ],
        allow_multiple_managers: true,
      },
    });
    expect(res.status).toBe(200);
    for (const p of peers) expect((await answer(t(), round, p, evaluatee, 3)).status).toBe(201);
    return { evaluatee, evaluateeClient: person.client, bosses, peers, tag };
  }

  /** Nothing of the answered manager for HR and for the evaluatee: JSON, PDF and Excel. */
  async function expectManagersHidden(
    round: Round,
    { evaluatee, evaluateeClient: self }: { evaluatee: TestUser; evaluateeClient: TestClient },
    answered: Person,
  ) {
    const results = resultsOf(round, evaluatee);
    for (const reader of [hr, self]) {
      const r: V2Results = (await call(reader, v2ResultEndpoints.person, results)).body;
      expect(r.released).toBe(true);
      expect(r.relations.find((g) => g.relation === 'manager')).toMatchObject({
        raters_completed: 1,
        anonymous: true,
        shown: false,
        overall_percentage: null,
      });
      expect(r.relations.find((g) => g.relation === 'peer')).toMatchObject({
        shown: true,
        overall_percentage: 50,
      });
      expect(r.others).toBeNull();
      expect(r.items[0]!.others_average).toBeNull();
      expect(Object.keys(r.items[0]!.by_relation)).toEqual(['peer']);
      expect(r.comments.some((c) => c.text.includes(answered.user.name))).toBe(false);

      const xlsx = await call(reader, v2ResultEndpoints.personXlsx, results);
      expect(xlsx.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
      const cells = (name: string) =>
        book
          .getWorksheet(name)!
          .getSheetValues()
          .flatMap((row) => (Array.isArray(row) ? row : []))
          .map((v) => String(v ?? ''));
      expect(cells('Comentarios').some((v) => v.includes(answered.user.name))).toBe(false);
      expect(cells('Resumen').some((v) => v.startsWith('Otros'))).toBe(false);
      expect(cells('Preguntas').some((v) => v.startsWith('Jefe'))).toBe(false);

      if (havePoppler) {
        const pdf = await call(reader, v2ResultEndpoints.personPdf, results);
        expect(pdf.status).toBe(200);
        expect(pdfText(pdf.res.rawPayload).replace(/\s+/g, ' ')).not.toContain(answered.user.name);
      }
    }
    // Admin still sees the group (flagged), as before.
    const { body: full } = await call(admin, v2ResultEndpoints.person, results);
    expect(full.relations.find((g) => g.relation === 'manager')).toMatchObject({
      shown: true,
      below_threshold: true,
      overall_percentage: 100,
    });
  }

  it('the other manager declines: the declined request still makes the group anonymous', async () => {
    const round = await openRound(admin);
    const group = await managerGroup(round);
    const { evaluatee, bosses } = group;
    const [m1, m2] = bosses as [Person, Person];
    expect((await answer(t(), round, m1, evaluatee, 5)).status).toBe(201);
    expect((await decline(t(), round, m2, evaluatee)).status).toBe(200);
    // HR cannot then remove the declined request, nor make it a peer, either.
    const removed = await removal(hr, round, evaluatee, m2.user);
    expect(removed.status).toBe(409);
    expect(removed.body).toEqual(refusal(m2.user.id));
    const patched = await toPeer(hr, await assignmentId(t(), round, m2.user, evaluatee));
    expect(patched.status).toBe(409);
    expect(patched.body).toEqual(refusal(m2.user.id));
    await setV2Status(admin, round.id, 'closed');
    await expectManagersHidden(round, group, m1);
  });

  it('HR removes the other manager: refused with a sentence once one answered, allowed before', async () => {
    const round = await openRound(admin);
    const group = await managerGroup(round);
    const { evaluatee, bosses } = group;
    const [m1, m2] = bosses as [Person, Person];
    expect((await answer(t(), round, m1, evaluatee, 5)).status).toBe(201);
    const removed = await removal(hr, round, evaluatee, m2.user);
    expect(removed.status).toBe(409);
    expect(removed.body).toEqual(refusal(m2.user.id));
    // Nothing changed: both requests stand.
    const now = await call(hr, v2AssignmentEndpoints.evaluatorsOf, evaluateeOf(round, evaluatee));
    expect(now.body.evaluator_ids).toContain(m2.user.id);

    // Before anyone of the group answered, HR may remove a manager: the one left answers attributed.
    const other = await managerGroup(round);
    const [o1, o2] = other.bosses as [Person, Person];
    const early = await removal(hr, round, other.evaluatee, o2.user);
    expect(early.status, early.res.body).toBe(200);
    expect((await answer(t(), round, o1, other.evaluatee, 5)).status).toBe(201);

    // Three managers, one answered: one may go (two are still a group), not a second one.
    const three = await managerGroup(round, 3);
    const [t1, t2, t3] = three.bosses as [Person, Person, Person];
    expect((await answer(t(), round, t1, three.evaluatee, 5)).status).toBe(201);
    const first = await removal(hr, round, three.evaluatee, t3.user);
    expect(first.status, first.res.body).toBe(200);
    const second = await removal(hr, round, three.evaluatee, t2.user);
    expect(second.status).toBe(409);
    expect(second.body).toEqual(refusal(t2.user.id));

    await setV2Status(admin, round.id, 'closed');
    await expectManagersHidden(round, group, m1);
    await expectManagersHidden(round, three, t1);
    const { body: lone } = await call(hr, v2ResultEndpoints.person, resultsOf(round, other.evaluatee));
    expect(lone.relations.find((g) => g.relation === 'manager')).toMatchObject({
      raters_assigned: 1,
      anonymous: false,
      shown: true,
      overall_percentage: 100,
    });
  });

  it('HR changes the other manager to a peer (PATCH or the per-person modal): refused once one answered', async () => {
    const round = await openRound(admin);
    const group = await managerGroup(round);
    const { evaluatee, bosses } = group;
    const [m1, m2] = bosses as [Person, Person];
    expect((await answer(t(), round, m1, evaluatee, 5)).status).toBe(201);
    const id = await assignmentId(t(), round, m2.user, evaluatee);
    const patched = await toPeer(hr, id);
    expect(patched.status).toBe(409);
    expect(patched.body).toEqual(refusal(m2.user.id));
    const modal = await callExpecting(
      hr,
      v2AssignmentEndpoints.changeEvaluators,
      {
        ...evaluateeOf(round, evaluatee),
        body: { add: [], remove: [], relations: { [m2.user.id]: 'report' } },
      },
      409,
    );
    expect(modal.body).toEqual(refusal(m2.user.id));
    const row = await t()
      .db.selectFrom('v2_assignments')
      .select('relation')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.relation).toBe('manager');
    await setV2Status(admin, round.id, 'closed');
    await expectManagersHidden(round, group, m1);
  });

  it('concurrent: declines racing submits, and ten removals and changes at once, leave every group hidden', async () => {
    const round = await openRound(admin);
    // Four people, each with two managers: the first answers while the second declines, at once.
    const groups = [];
    for (let i = 0; i < 4; i++) groups.push(await managerGroup(round));
    const raced = await Promise.all(
      groups.flatMap(({ evaluatee, bosses }) => [
        answer(t(), round, bosses[0]!, evaluatee, 5),
        decline(t(), round, bosses[1]!, evaluatee),
      ]),
    );
    expect(raced.map((r) => r.status)).toEqual(groups.flatMap(() => [201, 200]));

    // Three managers, one answered: ten requests at once to remove or re-relate the other two.
    const three = await managerGroup(round, 3);
    const [t1, t2, t3] = three.bosses as [Person, Person, Person];
    expect((await answer(t(), round, t1, three.evaluatee, 5)).status).toBe(201);
    const ids = [
      await assignmentId(t(), round, t2.user, three.evaluatee),
      await assignmentId(t(), round, t3.user, three.evaluatee),
    ];
    const changes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const who = i % 2 === 0 ? t2 : t3;
        if (i % 4 < 2) return removal(hr, round, three.evaluatee, who.user);
        return toPeer(hr, ids[i % 2]!);
      }),
    );
    // 404: a PATCH of a request another of these calls removed.
    expect(changes.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
    expect(changes.some((r) => r.status === 409)).toBe(true);
    const managersLeft = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', round.id)
      .where('evaluatee_id', '=', three.evaluatee.id)
      .where('relation', '=', 'manager')
      .execute();
    expect(managersLeft).toHaveLength(2);

    // A removal racing the first answer: whichever lands first, the answer is never unmasked.
    const race = await managerGroup(round);
    const [r1, r2] = race.bosses as [Person, Person];
    const [submitted, removed] = await Promise.all([
      answer(t(), round, r1, race.evaluatee, 5),
      removal(hr, round, race.evaluatee, r2.user),
    ]);
    expect(submitted.status).toBe(201);
    expect([200, 409]).toContain(removed.status);

    await setV2Status(admin, round.id, 'closed');
    for (const g of groups) await expectManagersHidden(round, g, g.bosses[0]!);
    await expectManagersHidden(round, three, t1);
    const { body: raceResult } = await call(hr, v2ResultEndpoints.person, resultsOf(round, race.evaluatee));
    // Refused: the answer was given in a group of two and stays hidden. Allowed: the removal came
    // first, so the manager answered as the only one, attributed, as the form told them.
    expect(raceResult.relations.find((g) => g.relation === 'manager')).toMatchObject(
      removed.status === 409
        ? { raters_assigned: 2, anonymous: true, shown: false }
        : { raters_assigned: 1, anonymous: false, shown: true },
    );
  });
});
