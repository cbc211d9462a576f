import {
  authEndpoints,
  profileEndpoints,
  type V2Item,
  type V2RelationResult,
  type V2Results,
  userEndpoints,
  usersImportEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2ReleaseEndpoints,
  v2ResultEndpoints,
  v2SnapshotEndpoints,
} from '@evalua/contracts';
import { beforeAll, expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { call, callExpecting, reply } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique, type TestUser } from '../../../test/factories';
import { createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';

/**
 * The attacks of issue 13 on 360 anonymity, performed as HR would (decision 023). Each one worked
 * before: HR learnt what one rater answered.
 */

type Relation = 'self' | 'manager' | 'peer' | 'report';
/** A person as a test knows them: created through the factories, or as the API answered them. */
type Person = Pick<TestUser, 'id' | 'name'>;

interface Round {
  id: number;
  items: V2Item[];
}

const resultsOf = (round: Round, user: TestUser) => ({ params: { id: round.id, userId: user.id } });
const evaluationOf = (round: Round) => ({ params: { id: round.id } });
/** One evaluatee's results as `reader` may see them. */
const resultsFor = async (reader: TestClient, round: Round, user: TestUser): Promise<V2Results> =>
  (await call(reader, v2ResultEndpoints.person, resultsOf(round, user))).body;
/**
 * 'Crear usuario' as the specification's client calls it, without category_id: the typed body cannot
 * leave out that field (BodyInput makes a preprocessed field required), so it goes raw and its answer
 * is read through the contract with answerOf.
 */
const newUser = (by: TestClient, body: Record<string, unknown>) => by.post(urlOf(userEndpoints.create), body);
const row = (r: V2Results, relation: V2RelationResult['relation']) =>
  r.relations.find((x) => x.relation === relation);

/** A rater's answer to the one rating item (1-5), with a comment that names them. */
async function answer(
  t: TestContext,
  round: Round,
  client: TestClient,
  rater: Person,
  evaluatee: Person,
  value: number,
) {
  const assignment = await t.db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', round.id)
    .where('evaluator_id', '=', rater.id)
    .where('evaluatee_id', '=', evaluatee.id)
    .executeTakeFirstOrThrow();
  return reply(client, v2AnswerEndpoints.submit, {
    body: {
      evaluation_id: round.id,
      assignment_id: assignment.id,
      answers: [
        {
          item_id: round.items[0]!.id,
          type: 'rating',
          value,
          skip: false,
          comment: `Comentario de ${rater.name}`,
        },
      ],
    },
  });
}

async function assign(
  client: TestClient,
  round: Round,
  pairs: Array<[Person, Person, Relation]>,
  extra: { allow_multiple_managers?: boolean } = {},
) {
  return reply(client, v2AssignmentEndpoints.bulk, {
    body: {
      evaluation_id: round.id,
      assignments: pairs.map(([rater, evaluatee, relation]) => ({
        evaluator_id: rater.id,
        evaluatee_id: evaluatee.id,
        relation,
      })),
      ...extra,
    },
  });
}

/** An open 360 with one rating item 1-5. */
async function openRound(admin: TestClient): Promise<Round> {
  const draft = await createV2OpeningWithItems(admin);
  const items = await putV2Items(admin, draft.id, [
    { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
  ]);
  // Shared with each evaluatee once closed (decision 038): the attacks below read as the evaluatee too.
  const release = await call(admin, v2ReleaseEndpoints.set, {
    params: { id: draft.id },
    body: { evaluatee: true, manager: false },
  });
  expect(release.status).toBe(200);
  return { id: draft.id, items };
}

/** A logged-in client of an existing user. */
async function clientOf(t: TestContext, user: { email: string | null }, password = DEFAULT_PASSWORD) {
  const client = t.client();
  const res = await client.login(user.email!, password);
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** An administrator changes a user's role (nothing else), as the users screen would. */
async function setRole(admin: TestClient, user: TestUser, role: 'colaborador' | 'gestionhumana') {
  return reply(admin, userEndpoints.update, {
    params: { id: user.id },
    body: { name: user.name, email: user.email, role, position: null, department: null, category_id: null },
  });
}

/** `n` colaboradores, logged in, assigned as peers of `evaluatee` by `by`. */
async function assignedPeers(
  t: TestContext,
  by: TestClient,
  round: Round,
  evaluatee: TestUser,
  n: number,
  name?: (i: number) => string,
) {
  const peers = [];
  for (let i = 0; i < n; i++) {
    peers.push(await loginAs(t, 'colaborador', name ? { name: name(i) } : {}));
  }
  const res = await assign(
    by,
    round,
    peers.map((p): [TestUser, TestUser, Relation] => [p.user, evaluatee, 'peer']),
  );
  expect(res.status, res.res.body).toBe(200);
  return peers;
}

describeEngines('360 anonymity against HR (issue 13)', (t) => {
  let admin: TestClient;
  let hr: TestClient;
  let hrUser: TestUser;
  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
    const login = await loginAs(t(), 'gestionhumana');
    hr = login.client;
    hrUser = login.user;
  });

  it('1. padding: HR adding itself and users whose password it set never makes a hidden group visible', async () => {
    const round = await openRound(admin);
    const tag = unique('pad');
    const evaluatee = await createUser(t(), { name: `Evaluada ${tag}` });
    // One real peer: the person whose answers the attack is after.
    const real = await loginAs(t(), 'colaborador', { name: `Par real ${tag}` });
    // A user HR creates (HR chose the password)…
    const created = await newUser(hr, {
      name: `Cuenta de HR ${tag}`,
      email: `${tag}-x@prueba.do`,
      password: 'Clave-De-HR-123',
      role: 'colaborador',
    });
    expect(created.statusCode, created.body).toBe(201);
    const x = answerOf(userEndpoints.create, created);
    // …and an existing colleague whose password HR resets.
    const y = await createUser(t(), { name: `Colega ${tag}` });
    const reset = await call(hr, userEndpoints.update, {
      params: { id: y.id },
      body: {
        name: y.name,
        email: y.email,
        role: 'colaborador',
        position: null,
        department: null,
        category_id: null,
        password: 'Clave-De-HR-456',
      },
    });
    expect(reset.status).toBe(200);

    expect(
      (
        await assign(hr, round, [
          [real.user, evaluatee, 'peer'],
          [hrUser, evaluatee, 'peer'],
          [x, evaluatee, 'peer'],
          [y, evaluatee, 'peer'],
        ])
      ).status,
    ).toBe(200);
    expect((await answer(t(), round, real.client, real.user, evaluatee, 2)).status).toBe(201);
    expect((await answer(t(), round, hr, hrUser, evaluatee, 5)).status).toBe(201);
    const asX = await clientOf(t(), x, 'Clave-De-HR-123');
    expect((await answer(t(), round, asX, x, evaluatee, 5)).status).toBe(201);
    const asY = await clientOf(t(), y, 'Clave-De-HR-456');
    expect((await answer(t(), round, asY, y, evaluatee, 5)).status).toBe(201);

    const stamps = await t()
      .db.selectFrom('v2_responses as r')
      .innerJoin('v2_assignments as a', 'a.id', 'r.assignment_id')
      .select(['r.evaluator_id', 'r.counts_for_anonymity'])
      .where('a.evaluation_id', '=', round.id)
      .orderBy('r.evaluator_id')
      .execute();
    expect(Object.fromEntries(stamps.map((s) => [s.evaluator_id, s.counts_for_anonymity]))).toEqual({
      [real.user.id]: 1,
      [hrUser.id]: 0,
      [x.id]: 0,
      [y.id]: 0,
    });

    await setV2Status(admin, round.id, 'closed');
    const r = await resultsFor(hr, round, evaluatee);
    expect(r.released).toBe(true);
    expect(row(r, 'peer')).toEqual({
      relation: 'peer',
      raters_completed: 4,
      raters_assigned: 4,
      raters_counted: 1,
      anonymous: true,
      shown: false,
      below_threshold: true,
      competencies_percentage: null,
      objectives_percentage: null,
      overall_percentage: null,
    });
    expect(r.others).toBeNull();
    expect(r.items[0]).toMatchObject({ others_average: null, by_relation: {}, na_count: 0 });
    expect(JSON.stringify(r)).not.toContain('Par real');
    expect(r.hidden_note).toContain('3 respuestas no cuentan para ese mínimo');
    const { body: summary } = await call(hr, v2ResultEndpoints.summary, evaluationOf(round));
    expect(summary.evaluatees_scored).toBe(0);
    expect(summary.by_relation.find((x) => x.relation === 'peer')!.overall_average).toBeNull();
    // The PDF and the spreadsheet say no more than the JSON.
    const xlsx = await call(hr, v2ResultEndpoints.personXlsx, resultsOf(round, evaluatee));
    expect(xlsx.res.rawPayload.includes(Buffer.from('Par real'))).toBe(false);
    // Admin sees the group, flagged: 1 of 4 counts.
    const full = await resultsFor(admin, round, evaluatee);
    expect(row(full, 'peer')).toMatchObject({ shown: true, below_threshold: true, raters_counted: 1 });
    expect(full.comments.map((c) => c.text)).toContain(`Comentario de ${real.user.name}`);
  });

  it('1b. HR cannot launder an account by changing its password itself; an admin-set password counts; a promoted rater stops counting', async () => {
    const round = await openRound(admin);
    const tag = unique('own');
    const evaluatee = await createUser(t(), { name: `Evaluado ${tag}` });
    const p1 = await loginAs(t(), 'colaborador', { name: `P1 ${tag}` });
    const p2 = await loginAs(t(), 'colaborador', { name: `P2 ${tag}` });
    // HR invents an account and "chooses its own password" in 'Mi Perfil' as that account.
    const invented = answerOf(
      userEndpoints.create,
      await newUser(hr, {
        name: `Inventada ${tag}`,
        email: `${tag}-inv@prueba.do`,
        password: 'Clave-De-HR-789',
        role: 'colaborador',
      }),
    );
    const asInvented = await clientOf(t(), invented, 'Clave-De-HR-789');
    // The app asks the person to choose their own password (GET /api/users/me)…
    expect((await call(asInvented, authEndpoints.me)).body).toMatchObject({ password_set_by_other: true });
    const changed = await call(asInvented, profileEndpoints.changePassword, {
      body: { currentPassword: 'Clave-De-HR-789', newPassword: 'Mi-Propia-Clave-1' },
    });
    expect(changed.status).toBe(204);
    const invented2 = await clientOf(t(), invented, 'Mi-Propia-Clave-1');
    // …and stops asking once they have; but HR knew the old one, so the account still never counts.
    expect((await call(invented2, authEndpoints.me)).body).toMatchObject({ password_set_by_other: false });
    // An account whose password the administrator set counts (admin sees everything anyway).
    const byAdmin = answerOf(
      userEndpoints.create,
      await newUser(admin, {
        name: `Por admin ${tag}`,
        email: `${tag}-adm@prueba.do`,
        password: 'Clave-Del-Admin-1',
        role: 'colaborador',
      }),
    );
    const asByAdmin = await clientOf(t(), byAdmin, 'Clave-Del-Admin-1');
    await assign(hr, round, [
      [p1.user, evaluatee, 'peer'],
      [p2.user, evaluatee, 'peer'],
      [invented, evaluatee, 'peer'],
      [byAdmin, evaluatee, 'peer'],
    ]);
    await answer(t(), round, p1.client, p1.user, evaluatee, 3);
    await answer(t(), round, p2.client, p2.user, evaluatee, 4);
    await answer(t(), round, invented2, invented, evaluatee, 5);
    await answer(t(), round, asByAdmin, byAdmin, evaluatee, 5);
    await setV2Status(admin, round.id, 'closed');

    const before = await resultsFor(hr, round, evaluatee);
    expect(row(before, 'peer')).toMatchObject({ shown: true, raters_completed: 4, raters_counted: 3 });
    expect(row(before, 'peer')!.overall_percentage).toBeCloseTo((50 + 75 + 100 + 100) / 4, 9);

    // p2 becomes HR: they know their own answer, so the group no longer reaches the threshold.
    const promoted = await setRole(admin, p2.user, 'gestionhumana');
    expect(promoted.status, promoted.res.body).toBe(200);
    const asNewHr = await clientOf(t(), p2.user);
    const after = await resultsFor(asNewHr, round, evaluatee);
    expect(row(after, 'peer')).toMatchObject({ shown: false, raters_counted: 2, overall_percentage: null });
    expect(after.others).toBeNull();
  });

  it('1c. a promotion after close never makes a group appear: the merged group stays as the close left it', async () => {
    const round = await openRound(admin);
    const tag = unique('merge');
    const evaluatee = await createUser(t(), { name: `Evaluada ${tag}` });
    const peers = [];
    for (let i = 0; i < 3; i++) peers.push(await loginAs(t(), 'colaborador', { name: `Par ${i} ${tag}` }));
    const report = await loginAs(t(), 'colaborador', { name: `Reporte ${tag}` });
    await assign(admin, round, [
      ...peers.map((p): [TestUser, TestUser, Relation] => [p.user, evaluatee, 'peer']),
      [report.user, evaluatee, 'report'],
    ]);
    for (const p of peers) await answer(t(), round, p.client, p.user, evaluatee, 4);
    await answer(t(), round, report.client, report.user, evaluatee, 1);
    await setV2Status(admin, round.id, 'closed');
    const atClose = await resultsFor(hr, round, evaluatee);
    expect(row(atClose, 'peer')).toMatchObject({ shown: true, overall_percentage: 75 });
    expect(row(atClose, 'report')).toMatchObject({ shown: false });
    expect(row(atClose, 'peer_report')).toBeUndefined();

    // HR promotes a peer (and could demote them again): peers fall to 2 counted and would merge with
    // the report into a group of 3 — 4 × merged − 3 × peers = the report's answer.
    await setRole(admin, peers[0]!.user, 'gestionhumana');
    for (const reader of [hr, await clientOf(t(), evaluatee)]) {
      const now = await resultsFor(reader, round, evaluatee);
      expect(row(now, 'peer_report')).toBeUndefined();
      expect(now.relations.every((r) => r.relation === 'self' || r.overall_percentage === null)).toBe(true);
      expect(now.others).toBeNull();
      expect(JSON.stringify(now)).not.toContain(`Comentario de ${report.user.name}`);
    }
  });

  it('1d. a rater who held a reader role at close never counts again, even once demoted', async () => {
    const round = await openRound(admin);
    const evaluatee = await createUser(t());
    const peers = await assignedPeers(t(), admin, round, evaluatee, 3);
    for (const p of peers) await answer(t(), round, p.client, p.user, evaluatee, 4);
    // Promoted while open, demoted again after the close: still left out, as at close it was HR.
    await setRole(admin, peers[0]!.user, 'gestionhumana');
    await setV2Status(admin, round.id, 'closed');
    await setRole(admin, peers[0]!.user, 'colaborador');
    const r = await resultsFor(hr, round, evaluatee);
    expect(row(r, 'peer')).toMatchObject({ shown: false, raters_counted: 2 });
  });

  it('1e. nobody sets their own password through the users screen or an import (no current password asked)', async () => {
    const me = await loginAs(t(), 'gestionhumana');
    const put = await callExpecting(
      me.client,
      userEndpoints.update,
      {
        params: { id: me.user.id },
        body: {
          name: me.user.name,
          email: me.user.email,
          role: 'gestionhumana',
          position: null,
          department: null,
          category_id: null,
          password: 'Robada-Nueva-123',
        },
      },
      400,
    );
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({
      error: 'Para cambiar tu propia contraseña usa «Mi Perfil», que pide la actual.',
    });
    expect((await t().client().login(me.user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    // Nor through the staff import: that row is an error, skipped; nothing changes.
    const csv = `\uFEFFnombre;correo;rol;contraseña\r\n${me.user.name};${me.user.email};gestionhumana;Robada-Nueva-123\r\n`;
    const preview = await call(me.client, usersImportEndpoints.preview, { body: { csv } });
    expect(preview.status).toBe(200);
    expect(preview.body.rows[0]).toMatchObject({
      action: 'error',
      errors: ['Para cambiar tu propia contraseña usa «Mi Perfil», que pide la actual.'],
    });
    const applied = await call(me.client, usersImportEndpoints.apply, { body: { csv } });
    expect(applied.body).toMatchObject({ updated: 0, skipped: 1 });
    expect((await t().client().login(me.user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('1f. an item or section figure that fewer than k counted raters make is withheld, however many answered', async () => {
    const draft = await createV2OpeningWithItems(admin);
    const items = await putV2Items(admin, draft.id, [
      { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
      { question_text: 'Cumple sus metas.', type: 'rating', section: 'objective', weight: 1 },
    ]);
    const round = { id: draft.id, items };
    const evaluatee = await createUser(t());
    const peers = await assignedPeers(t(), admin, round, evaluatee, 3);
    // Everyone rates item 1; only the first rates item 2 (the objective section), the others N/A.
    for (const [i, p] of peers.entries()) {
      const assignment = await t()
        .db.selectFrom('v2_assignments')
        .select('id')
        .where('evaluation_id', '=', round.id)
        .where('evaluator_id', '=', p.user.id)
        .executeTakeFirstOrThrow();
      const res = await call(p.client, v2AnswerEndpoints.submit, {
        body: {
          evaluation_id: round.id,
          assignment_id: assignment.id,
          answers: [
            { item_id: items[0]!.id, type: 'rating', value: 4, skip: false, comment: null },
            i === 0
              ? { item_id: items[1]!.id, type: 'rating', value: 2, skip: false, comment: null }
              : { item_id: items[1]!.id, type: 'rating', value: 'na', skip: true, comment: null },
          ],
        },
      });
      expect(res.status).toBe(201);
    }
    await call(admin, v2ReleaseEndpoints.set, {
      ...evaluationOf(round),
      body: { evaluatee: true, manager: false },
    });
    await setV2Status(admin, round.id, 'closed');
    for (const reader of [hr, await clientOf(t(), evaluatee)]) {
      const r = await resultsFor(reader, round, evaluatee);
      expect(row(r, 'peer')).toMatchObject({
        shown: true,
        competencies_percentage: 75,
        objectives_percentage: null,
      });
      expect(r.others).toMatchObject({ competencies_percentage: 75, objectives_percentage: null });
      expect(r.items[0]!.by_relation).toEqual({ peer: 75 });
      // One rater's 25 % on item 2 is nowhere.
      expect(r.items[1]).toMatchObject({ by_relation: { peer: null }, others_average: null, na_count: 2 });
      expect(JSON.stringify(r)).not.toMatch(/:25[,}]/);
      // Nor through the overall: it would weigh that rater's objective in (3 × overall − …).
      expect(r.others!.overall_percentage).toBeNull();
    }
    const full = await resultsFor(admin, round, evaluatee);
    expect(full.items[1]!.by_relation).toEqual({ peer: 25 });
  });

  it('1g. two managers assigned are anonymous even when only one answered', async () => {
    const round = await openRound(admin);
    const evaluatee = await createUser(t());
    const m1 = await loginAs(t(), 'evaluador');
    const m2 = await loginAs(t(), 'evaluador');
    const res = await assign(
      hr,
      round,
      [
        [m1.user, evaluatee, 'manager'],
        [m2.user, evaluatee, 'manager'],
      ],
      { allow_multiple_managers: true },
    );
    expect(res.status).toBe(200);
    await answer(t(), round, m1.client, m1.user, evaluatee, 5);
    await setV2Status(admin, round.id, 'closed');
    const r = await resultsFor(hr, round, evaluatee);
    expect(row(r, 'manager')).toMatchObject({ raters_completed: 1, raters_assigned: 2, shown: false });
    expect(r.others).toBeNull();
    expect(r.comments).toEqual([]);
  });

  it('2. differencing: results and snapshots read before and after one answer give HR no figure while open', async () => {
    const round = await openRound(admin);
    const tag = unique('diff');
    const evaluatee = await createUser(t(), { name: `Evaluada ${tag}` });
    const peers = [];
    for (let i = 1; i <= 4; i++) peers.push(await loginAs(t(), 'colaborador', { name: `Par ${i} ${tag}` }));
    await assign(
      hr,
      round,
      peers.map((p) => [p.user, evaluatee, 'peer']),
    );
    for (const [i, p] of peers.slice(0, 3).entries())
      await answer(t(), round, p.client, p.user, evaluatee, i + 2);
    const of = evaluationOf(round);
    const snapshotOf = (snapshotId: number) => ({ params: { id: round.id, snapshotId } });
    const first = await call(hr, v2SnapshotEndpoints.create, { ...of, body: { label: 'Antes' } });
    expect(first.status).toBe(201);

    // The newcomer answers while HR reads as often as it likes, all at once.
    const last = peers[3]!;
    const [submitted, results, summaries] = await Promise.all([
      answer(t(), round, last.client, last.user, evaluatee, 1),
      Promise.all(
        Array.from({ length: 20 }, () => call(hr, v2ResultEndpoints.person, resultsOf(round, evaluatee))),
      ),
      Promise.all(Array.from({ length: 5 }, () => call(hr, v2ResultEndpoints.summary, of))),
    ]);
    expect(submitted.status).toBe(201);
    const second = await call(hr, v2SnapshotEndpoints.create, { ...of, body: { label: 'Después' } });
    expect(second.status).toBe(201);

    for (const { status, body } of results) {
      expect(status).toBe(200);
      expect(body.released).toBe(false);
      expect(body.relations.every((x) => x.overall_percentage === null && !x.shown)).toBe(true);
      expect(body.others).toBeNull();
      expect(body.self).toBeNull();
      expect(body.comments).toEqual([]);
      expect(body.items.every((i) => i.others_average === null && i.self_average === null)).toBe(true);
    }
    for (const { status, body } of summaries) {
      expect(status).toBe(200);
      expect(body.released).toBe(false);
      expect(body.overall_average).toBeNull();
    }
    for (const created of [first, second]) {
      const { snapshot, summary } = created.body;
      expect(summary).toMatchObject({ released: false, overall_average: null, evaluatees_scored: 0 });
      const { body: detail } = await call(hr, v2SnapshotEndpoints.get, snapshotOf(snapshot.id));
      expect(detail.snapshot.results_released).toBe(false);
      expect(detail.detail[0]).toMatchObject({ self: null, others: null, overall_percentage: null });
      expect(detail.detail[0]!.relations.every((x) => x.overall_percentage === null)).toBe(true);
    }
    // Admin's view of the same snapshots keeps the figures (3 answers, then 4).
    const firstId = first.body.snapshot.id;
    const { body: adminFirst } = await call(admin, v2SnapshotEndpoints.get, snapshotOf(firstId));
    expect(adminFirst.detail[0]!.overall_percentage).toBeCloseTo(50, 9);

    // Closed: the figures are final; no answer can be added to move them.
    await setV2Status(admin, round.id, 'closed');
    const once = await resultsFor(hr, round, evaluatee);
    expect(row(once, 'peer')).toMatchObject({ shown: true, raters_completed: 4 });
    expect(once.others!.overall_percentage).toBeCloseTo(37.5, 9);
    const late = await createUser(t(), { name: `Tarde ${tag}` });
    expect((await assign(admin, round, [[late, evaluatee, 'peer']])).status).toBe(409);
    expect(await resultsFor(hr, round, evaluatee)).toEqual(once);
  });

  it('2b. a snapshot taken while open before this rule existed shows HR completion only', async () => {
    const round = await openRound(admin);
    const evaluatee = await createUser(t());
    const peers = await assignedPeers(t(), admin, round, evaluatee, 3);
    for (const p of peers) await answer(t(), round, p.client, p.user, evaluatee, 4);
    const res = await call(admin, v2SnapshotEndpoints.create, {
      ...evaluationOf(round),
      body: { label: 'Antiguo' },
    });
    const id = res.body.snapshot.id;
    const snapshot = { params: { id: round.id, snapshotId: id } };
    // As a snapshot from before migration 0008 holds it: figures in the restricted view too.
    const { body: full } = await call(admin, v2SnapshotEndpoints.get, snapshot);
    await t()
      .db.updateTable('v2_snapshots')
      .set({
        summary: JSON.stringify({ full: full.summary, restricted: full.summary }),
        detail: JSON.stringify({ full: full.detail, restricted: full.detail }),
      })
      .where('id', '=', id)
      .execute();
    const { body: asHr } = await call(hr, v2SnapshotEndpoints.get, snapshot);
    expect(asHr.summary).toMatchObject({ released: false, overall_average: null });
    expect(asHr.detail[0]).toMatchObject({ overall_percentage: null, others: null });
    expect(asHr.detail[0]!.relations[0]).toMatchObject({
      shown: false,
      overall_percentage: null,
      raters_completed: 3,
    });
  });

  it('3. a second manager needs HR to confirm, and several managers are an anonymous group', async () => {
    const round = await openRound(admin);
    const tag = unique('jefes');
    const evaluatee = await createUser(t(), { name: `Evaluado ${tag}` });
    const m1 = await loginAs(t(), 'evaluador', { name: `Jefa ${tag}` });
    const m2 = await loginAs(t(), 'colaborador', { name: `Par como jefe ${tag}` });
    const peers = [];
    for (let i = 0; i < 3; i++) peers.push(await loginAs(t(), 'colaborador', { name: `Par ${i} ${tag}` }));
    const count = async () =>
      Number(
        (
          await t()
            .db.selectFrom('v2_assignments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('evaluation_id', '=', round.id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Two managers in one batch: refused, nothing saved.
    const both = await assign(hr, round, [
      [m1.user, evaluatee, 'manager'],
      [m2.user, evaluatee, 'manager'],
      ...peers.map((p): [TestUser, TestUser, Relation] => [p.user, evaluatee, 'peer']),
    ]);
    expect(both.status).toBe(409);
    expect(both.body).toEqual({
      error: `La persona ${evaluatee.id} tendría más de un jefe en esta evaluación. Con varios jefes, sus respuestas se tratan como las de los pares: no se muestran por separado hasta reunir el mínimo de anonimato. Confirma para asignar más de un jefe.`,
      code: 'MULTIPLE_MANAGERS',
    });
    expect(await count()).toBe(0);
    // One manager is fine; a second one later, in another batch, is refused the same way.
    expect(
      (
        await assign(hr, round, [
          [m1.user, evaluatee, 'manager'],
          ...peers.map((p): [TestUser, TestUser, Relation] => [p.user, evaluatee, 'peer']),
        ])
      ).status,
    ).toBe(200);
    expect((await assign(hr, round, [[m2.user, evaluatee, 'manager']])).status).toBe(409);
    expect(await count()).toBe(4);
    // Confirmed: saved.
    expect(
      (await assign(hr, round, [[m2.user, evaluatee, 'manager']], { allow_multiple_managers: true })).status,
    ).toBe(200);
    expect(await count()).toBe(5);

    await answer(t(), round, m1.client, m1.user, evaluatee, 5);
    await answer(t(), round, m2.client, m2.user, evaluatee, 1);
    for (const p of peers) await answer(t(), round, p.client, p.user, evaluatee, 3);
    await setV2Status(admin, round.id, 'closed');

    const r = await resultsFor(hr, round, evaluatee);
    expect(row(r, 'manager')).toMatchObject({
      raters_completed: 2,
      shown: false,
      below_threshold: true,
      overall_percentage: null,
    });
    expect(row(r, 'peer')).toMatchObject({ shown: true, overall_percentage: 50 });
    // "others" would give the two managers' mean away (others and peers shown): withheld.
    expect(r.others).toBeNull();
    expect(Object.keys(r.items[0]!.by_relation)).toEqual(['peer']);
    const texts = r.comments.map((c) => c.text);
    expect(texts.some((x) => x.includes('Jefa') || x.includes('Par como jefe'))).toBe(false);
    const full = await resultsFor(admin, round, evaluatee);
    expect(row(full, 'manager')).toMatchObject({
      shown: true,
      below_threshold: true,
      overall_percentage: 50,
    });
  });

  it('3c. batches racing to add managers: whatever gets in, several managers stay an anonymous group', async () => {
    const round = await openRound(admin);
    const evaluatee = await createUser(t());
    const managers = [];
    for (let i = 0; i < 10; i++) managers.push(await loginAs(t(), 'evaluador'));
    // Ten batches at once, each adding one manager without the confirmation.
    const answers = await Promise.all(
      managers.map((m) => assign(hr, round, [[m.user, evaluatee, 'manager']])),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const assigned = await t()
      .db.selectFrom('v2_assignments')
      .select('evaluator_id')
      .where('evaluation_id', '=', round.id)
      .where('relation', '=', 'manager')
      .execute();
    expect(assigned.length).toBeGreaterThanOrEqual(1);
    for (const m of managers.filter((x) => assigned.some((a) => a.evaluator_id === x.user.id))) {
      await answer(t(), round, m.client, m.user, evaluatee, 5);
    }
    await setV2Status(admin, round.id, 'closed');
    const r = await resultsFor(hr, round, evaluatee);
    // One manager: shown and attributed, as designed; more than one (a lost race): hidden below 3.
    expect(row(r, 'manager')!.shown).toBe(assigned.length === 1 || assigned.length >= 3);
  });

  it('3b. a merged group is final once closed: its comments neither appear nor vanish later', async () => {
    const round = await openRound(admin);
    const evaluatee = await createUser(t());
    const peers = [
      await loginAs(t(), 'colaborador'),
      await loginAs(t(), 'colaborador'),
      await loginAs(t(), 'colaborador'),
    ];
    const report = await loginAs(t(), 'colaborador', { name: unique('Reporte directo') });
    await assign(admin, round, [
      ...peers.map((p): [TestUser, TestUser, Relation] => [p.user, evaluatee, 'peer']),
      [report.user, evaluatee, 'report'],
    ]);
    await answer(t(), round, peers[0]!.client, peers[0]!.user, evaluatee, 4);
    await answer(t(), round, peers[1]!.client, peers[1]!.user, evaluatee, 4);
    await answer(t(), round, report.client, report.user, evaluatee, 2);
    // While open HR sees no comment at all, so the lone report's comment cannot come and go.
    const open = await resultsFor(hr, round, evaluatee);
    expect(open.comments).toEqual([]);
    await setV2Status(admin, round.id, 'closed');
    const closed = await resultsFor(hr, round, evaluatee);
    expect(row(closed, 'peer_report')).toMatchObject({ shown: true, raters_completed: 3 });
    expect(closed.comments.every((c) => c.relation === 'peer_report')).toBe(true);
    // The third peer can no longer answer: the merged group stays as it is.
    const late = await answer(t(), round, peers[2]!.client, peers[2]!.user, evaluatee, 4);
    expect(late.status).toBe(409);
    expect(await resultsFor(hr, round, evaluatee)).toEqual(closed);
  });
});
