import type { V2Item } from '@evalua/contracts';
import type { TestClient } from '../client';
import type { TestContext } from '../context';
import { createUser, loginAs, unique, type TestUser } from '../factories';
import { assign, createV1Evaluation } from '../v1';
import { createOpenV2, createV2Draft, putV2Items } from '../v2';

/**
 * The records the fuzz cases point at, so that a malformed field is checked with every other field
 * valid (and path parameters name real rows; each module's robustness cases say which): V1 (category, bank, evaluation, evaluator, collaborators,
 * assignment) and V2 (a draft with items, an open evaluation with a pending assignment, a template,
 * a snapshot).
 */
export interface World {
  admin: TestClient;
  adminUser: TestUser;
  colaborador: TestClient;
  rater: TestClient;
  anon: TestClient;
  ids: {
    category: number;
    bank: number;
    question: number;
    questions: number[];
    evaluation: number;
    evaluator: number;
    collaborator: number;
    collaborator2: number;
    user: number;
    assignment: number;
    draft: number;
    draftItems: V2Item[];
    open: number;
    openItems: V2Item[];
    rater: number;
    evaluatee: number;
    v2Assignment: number;
    template: number;
    snapshot: number;
  };
}

async function ok<T>(
  res: { statusCode: number; body: string; json: () => unknown },
  what: string,
): Promise<T> {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

export async function buildWorld(t: TestContext): Promise<World> {
  const { client: admin, user: adminUser } = await loginAs(t, 'admin');
  const { client: colaborador } = await loginAs(t, 'colaborador');

  const v1 = await createV1Evaluation(t, ['competency', 'objective']);
  const evaluator = await createUser(t, { role: 'evaluador' });
  const collaborator = await createUser(t, { category_id: v1.categoryId });
  const collaborator2 = await createUser(t, { category_id: v1.categoryId, position: 'Docente' });
  const user = await createUser(t, { name: 'Destino de PUT' });
  await assign(t, evaluator.id, collaborator.id);
  const assignment = await t.db
    .selectFrom('assignments')
    .select('id')
    .where('evaluator_id', '=', evaluator.id)
    .executeTakeFirstOrThrow();

  const draft = await createV2Draft(admin, { allow_self: true });
  const draftItems = await putV2Items(admin, draft.id, [
    { question_text: 'Comunica con claridad.', type: 'rating', weight: 2 },
    { question_text: 'Entrega a tiempo.', type: 'yes_no', section: 'objective' },
    { question_text: 'Comentarios.', type: 'text', weight: 0 },
  ]);
  const open = await createOpenV2(admin, { allow_self: true });
  const openItems = (await admin.get(`/api/evaluations-v2/${open.id}/items`)).json<{ items: V2Item[] }>()
    .items;
  const { user: raterUser, client: rater } = await loginAs(t, 'colaborador', { name: 'Evaluadora 360' });
  const evaluatee = await createUser(t, { name: 'Evaluada 360' });
  await ok(
    await admin.post('/api/assignments-v2/bulk', {
      evaluation_id: open.id,
      assignments: [{ evaluator_id: raterUser.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
    }),
    'bulk',
  );
  const v2Assignment = await t.db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', open.id)
    .executeTakeFirstOrThrow();
  const template = await ok<{ id: number }>(
    await admin.post('/api/templates', { evaluation_id: draft.id, name: unique('Plantilla') }),
    'template',
  );
  const snapshot = await ok<{ snapshot: { id: number } }>(
    await admin.post(`/api/evaluations-v2/${open.id}/snapshot`, { label: 'Corte inicial' }),
    'snapshot',
  );

  return {
    admin,
    adminUser,
    colaborador,
    rater,
    anon: t.client(),
    ids: {
      category: v1.categoryId,
      bank: v1.bankId,
      question: v1.questions[0]!.id,
      questions: v1.questions.map((q) => q.id),
      evaluation: v1.evaluationId,
      evaluator: evaluator.id,
      collaborator: collaborator.id,
      collaborator2: collaborator2.id,
      user: user.id,
      assignment: assignment.id,
      draft: draft.id,
      draftItems,
      open: open.id,
      openItems,
      rater: raterUser.id,
      evaluatee: evaluatee.id,
      v2Assignment: v2Assignment.id,
      template: template.id,
      snapshot: snapshot.snapshot.id,
    },
  };
}

/** The ids of the world's rows, for the robustness cases (src/modules/<m>/<m>.cases.ts). */
export type Ids = World['ids'];

/** A password the robustness bodies send (valid, and nobody's). */
export const PASSWORD = 'Clave-Nueva-2026';
