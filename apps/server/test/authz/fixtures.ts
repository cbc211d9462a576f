import type { Role, V2Item } from '@evalua/contracts';
import { expect } from 'vitest';
import type { TestClient } from '../client';
import type { TestContext } from '../context';
import { createUser, loginAs, unique, type TestUser } from '../factories';
import { assign, createV1Evaluation, submitBody, type V1Setup } from '../v1';
import { createV2Draft, putV2Items, setV2Status } from '../v2';

export const ROLES: readonly Role[] = ['admin', 'gestionhumana', 'evaluador', 'colaborador'];

/**
 * What the matrix walk needs, built once per engine:
 * - one logged-in user per role; the evaluador is assigned the colaborador (category of `v1`) and has
 *   submitted their V1 evaluation; `otherEvaluator` is assigned `otherCollaborator` (same category),
 *   evaluated by an admin on their behalf; `v1Other` is a category, bank and evaluation nobody of the
 *   callers has anything to do with;
 * - 360: `closed` (every caller and `stranger` rated by `peer`, answered, then closed; a snapshot and
 *   a template of it), `open` (the same raters, unanswered, and every caller rates `peer`), `draft`
 *   (every caller assigned to rate `peer`).
 */
export interface Fixtures {
  t: TestContext;
  users: Record<Role, TestUser>;
  clients: Record<Role, TestClient>;
  v1: V1Setup;
  v1Other: V1Setup;
  otherEvaluator: TestUser;
  otherCollaborator: TestUser;
  peer: TestUser;
  stranger: TestUser;
  open: { id: number; items: V2Item[] };
  closed: { id: number };
  draft: { id: number };
  templateId: number;
  snapshotId: number;
}

type Entry = { evaluator_id: number; evaluatee_id: number; relation: 'peer' };

export async function bulkAssign(admin: TestClient, evaluationId: number, entries: Entry[]): Promise<void> {
  const res = await admin.post('/api/assignments-v2/bulk', {
    evaluation_id: evaluationId,
    assignments: entries,
  });
  if (res.statusCode !== 200) throw new Error(`bulk assign failed: ${res.statusCode} ${res.body}`);
}

export async function v2AssignmentId(
  t: TestContext,
  evaluationId: number,
  evaluatorId: number,
  evaluateeId: number,
): Promise<number> {
  const row = await t.db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', evaluationId)
    .where('evaluator_id', '=', evaluatorId)
    .where('evaluatee_id', '=', evaluateeId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A full answer to the one-rating-item evaluations built here. */
export function ratingAnswers(items: readonly V2Item[], value = 4) {
  return items.map((item) => ({ item_id: item.id, type: item.type, value, skip: false, comment: null }));
}

const ONE_ITEM = [{ question_text: 'Trabaja en equipo con sus colegas.', type: 'rating' as const }];

export async function buildFixtures(t: TestContext): Promise<Fixtures> {
  const v1 = await createV1Evaluation(t, ['competency', 'objective']);
  const v1Other = await createV1Evaluation(t, ['competency']);

  const logins = {
    admin: await loginAs(t, 'admin'),
    gestionhumana: await loginAs(t, 'gestionhumana'),
    evaluador: await loginAs(t, 'evaluador'),
    colaborador: await loginAs(t, 'colaborador', { category_id: v1.categoryId }),
  };
  const users = Object.fromEntries(ROLES.map((r) => [r, logins[r].user])) as Record<Role, TestUser>;
  const clients = Object.fromEntries(ROLES.map((r) => [r, logins[r].client])) as Record<Role, TestClient>;
  const admin = clients.admin;

  // V1: each evaluador has one colaborador, evaluated.
  await assign(t, users.evaluador.id, users.colaborador.id);
  const otherEvaluator = await createUser(t, { role: 'evaluador', name: 'Otro Evaluador' });
  const otherCollaborator = await createUser(t, { category_id: v1.categoryId, name: 'Otra Colaboradora' });
  await assign(t, otherEvaluator.id, otherCollaborator.id);
  const own = await clients.evaluador.post(
    '/api/full-evaluation/full-submit',
    submitBody(v1, users.colaborador.id, users.evaluador.id, [4, 3]),
  );
  expect(own.statusCode, own.body).toBe(201);
  const onBehalf = await admin.post(
    '/api/full-evaluation/full-submit',
    submitBody(v1, otherCollaborator.id, otherEvaluator.id, [4, 2]),
  );
  expect(onBehalf.statusCode, onBehalf.body).toBe(201);

  // 360.
  const { user: peer, client: peerClient } = await loginAs(t, 'colaborador', { name: 'Par Evaluador' });
  const stranger = await createUser(t, { name: 'Persona Ajena', password: null });
  const callers = ROLES.map((r) => users[r]);
  const ratedByPeer = [...callers, stranger].map((u) => ({
    evaluator_id: peer.id,
    evaluatee_id: u.id,
    relation: 'peer' as const,
  }));
  const ratingPeer = callers.map((u) => ({
    evaluator_id: u.id,
    evaluatee_id: peer.id,
    relation: 'peer' as const,
  }));

  const closed = await createV2Draft(admin, { name: unique('360 cerrada'), allow_self: false });
  const closedItems = await putV2Items(admin, closed.id, ONE_ITEM);
  await bulkAssign(admin, closed.id, ratedByPeer);
  await setV2Status(admin, closed.id, 'open');
  for (const e of ratedByPeer) {
    const res = await peerClient.post('/api/responses-v2/submit', {
      evaluation_id: closed.id,
      assignment_id: await v2AssignmentId(t, closed.id, peer.id, e.evaluatee_id),
      answers: ratingAnswers(closedItems),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await setV2Status(admin, closed.id, 'closed');
  // Shared with each evaluatee (decision 038): the matrix's 'own' reads are allowed.
  const release = await admin.put(`/api/evaluations-v2/${closed.id}/release`, {
    evaluatee: true,
    manager: false,
  });
  expect(release.statusCode, release.body).toBe(200);
  const snapshot = await admin.post(`/api/evaluations-v2/${closed.id}/snapshot`, { label: 'Cierre' });
  expect(snapshot.statusCode, snapshot.body).toBe(201);
  const template = await admin.post('/api/templates', {
    evaluation_id: closed.id,
    name: unique('Plantilla'),
  });
  expect(template.statusCode, template.body).toBe(201);

  const open = await createV2Draft(admin, { name: unique('360 abierta'), allow_self: false });
  const openItems = await putV2Items(admin, open.id, ONE_ITEM);
  await bulkAssign(admin, open.id, [...ratedByPeer, ...ratingPeer]);
  await setV2Status(admin, open.id, 'open');

  const draft = await createV2Draft(admin, { name: unique('360 borrador'), allow_self: false });
  await putV2Items(admin, draft.id, ONE_ITEM);
  await bulkAssign(admin, draft.id, ratingPeer);

  return {
    t,
    users,
    clients,
    v1,
    v1Other,
    otherEvaluator,
    otherCollaborator,
    peer,
    stranger,
    open: { id: open.id, items: openItems },
    closed: { id: closed.id },
    draft: { id: draft.id },
    templateId: template.json<{ id: number }>().id,
    snapshotId: snapshot.json<{ snapshot: { id: number } }>().snapshot.id,
  };
}
