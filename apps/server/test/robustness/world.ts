import type { V2Item } from '@evalua/contracts';
import type { TestClient } from '../client';
import type { TestContext } from '../context';
import { createUser, loginAs, unique, type TestUser } from '../factories';
import { assign, createV1Evaluation } from '../v1';
import { createOpenV2, createV2Draft, putV2Items } from '../v2';

/**
 * The records the fuzz cases point at, so that a malformed field is checked with every other field
 * valid (and path parameters name real rows): V1 (category, bank, evaluation, evaluator, collaborators,
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

type Ids = World['ids'];

/** A real row for each path parameter of each route (by URL pattern and parameter name). */
const PARAMS: Record<string, (ids: Ids) => Record<string, number>> = {
  '/api/categories/:id': (i) => ({ id: i.category }),
  '/api/users/:id': (i) => ({ id: i.user }),
  '/api/users/:id/status': (i) => ({ id: i.user }),
  '/api/users/evaluation-history/:userId': (i) => ({ userId: i.collaborator }),
  '/api/evaluators/:id': (i) => ({ id: i.evaluator }),
  '/api/collaborators/:id': (i) => ({ id: i.collaborator2 }),
  '/api/question-banks/:id': (i) => ({ id: i.bank }),
  '/api/question-banks/:id/questions': (i) => ({ id: i.bank }),
  '/api/question-banks/:id/questions/:qid': (i) => ({ id: i.bank, qid: i.question }),
  '/api/evaluations/by-category/:categoryId': (i) => ({ categoryId: i.category }),
  '/api/evaluations/:id': (i) => ({ id: i.evaluation }),
  '/api/evaluations/:id/open': (i) => ({ id: i.evaluation }),
  '/api/evaluations/:id/close': (i) => ({ id: i.evaluation }),
  '/api/assignments/:evaluatorId': (i) => ({ evaluatorId: i.evaluator }),
  '/api/assignments/:evaluatorId/available': (i) => ({ evaluatorId: i.evaluator }),
  '/api/assignments/:id': (i) => ({ id: i.assignment }),
  '/api/evaluation-results/evaluated/:evaluatorId': (i) => ({ evaluatorId: i.evaluator }),
  '/api/evaluation-results/latest/:userId': (i) => ({ userId: i.collaborator }),
  '/api/reports/full/:evaluationId/:userId': (i) => ({ evaluationId: i.evaluation, userId: i.collaborator }),
  '/api/reports/full/:evaluationId/:userId/pdf': (i) => ({
    evaluationId: i.evaluation,
    userId: i.collaborator,
  }),
  '/api/templates/:id': (i) => ({ id: i.template }),
  '/api/evaluations-v2/:id': (i) => ({ id: i.draft }),
  '/api/evaluations-v2/:id/items': (i) => ({ id: i.draft }),
  '/api/assignments-v2/by-evaluation/:evaluationId': (i) => ({ evaluationId: i.open }),
  '/api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId': (i) => ({
    evaluationId: i.draft,
    userId: i.evaluatee,
  }),
  '/api/evaluations-v2/:id/results/:userId': (i) => ({ id: i.open, userId: i.evaluatee }),
  '/api/evaluations-v2/:id/results/:userId/pdf': (i) => ({ id: i.open, userId: i.evaluatee }),
  '/api/evaluations-v2/:id/results/:userId/xlsx': (i) => ({ id: i.open, userId: i.evaluatee }),
  '/api/evaluations-v2/:id/summary': (i) => ({ id: i.open }),
  '/api/evaluations-v2/:id/release': (i) => ({ id: i.open }),
  '/api/responses-v2/draft/:assignmentId': (i) => ({ assignmentId: i.v2Assignment }),
  '/api/assignments-v2/:id': (i) => ({ id: i.v2Assignment }),
  '/api/evaluations-v2/:evaluationId/nominations': (i) => ({ evaluationId: i.draft }),
  '/api/evaluations-v2/:evaluationId/nominations/participants': (i) => ({ evaluationId: i.draft }),
  '/api/evaluations-v2/:id/release/people': (i) => ({ id: i.open }),
  '/api/evaluations-v2/:id/release/:userId': (i) => ({ id: i.open, userId: i.evaluatee }),
  '/api/evaluations-v2/:id/snapshot': (i) => ({ id: i.open }),
  '/api/evaluations-v2/:id/snapshots': (i) => ({ id: i.open }),
  '/api/evaluations-v2/:id/snapshots/:snapshotId': (i) => ({ id: i.open, snapshotId: i.snapshot }),
};

/** Valid path parameters for a route; a parameter this table does not know gets the category's id. */
export function validParams(url: string, params: string[], ids: Ids): Record<string, string> {
  const known = PARAMS[url]?.(ids) ?? {};
  return Object.fromEntries(params.map((p) => [p, String(known[p] ?? ids.category)]));
}

export function hasKnownParams(url: string): boolean {
  return url in PARAMS;
}

const PASSWORD = 'Clave-Nueva-2026';

/**
 * A valid body for every route that takes one ("METHOD url"). The fuzz test fails when a route with a
 * body schema has no entry, so a new route cannot escape the fuzzing.
 */
export const VALID_BODIES: Record<string, (ids: Ids) => unknown> = {
  'POST /api/setup': () => ({
    token: 'token-inventado',
    name: 'Ana Admin',
    email: 'ana.setup@prueba.do',
    password: PASSWORD,
  }),
  'POST /api/users/login': () => ({ email: 'nadie@prueba.do', password: 'no-es-la-clave' }),
  'POST /api/profile/change-password': () => ({ currentPassword: 'no-es-la-actual', newPassword: PASSWORD }),
  'POST /api/auth/forgot-password': () => ({ email: 'nadie@prueba.do' }),
  'POST /api/auth/reset-password': () => ({ token: 'enlace-inventado', newPassword: PASSWORD }),
  'POST /api/auth/activate': () => ({ token: 'enlace-inventado', newPassword: PASSWORD }),
  'POST /api/categories': () => ({ name: 'Categoría nueva' }),
  'PUT /api/categories/:id': () => ({ name: 'Categoría renombrada' }),
  'POST /api/users': (i) => ({
    name: 'Usuario Nuevo',
    email: 'nuevo@prueba.do',
    role: 'colaborador',
    password: PASSWORD,
    position: 'Docente',
    department: 'Ciencias',
    category_id: i.category,
  }),
  'PUT /api/users/:id': (i) => ({
    name: 'Destino de PUT',
    email: 'destino@prueba.do',
    role: 'colaborador',
    position: null,
    department: '',
    category_id: i.category,
  }),
  'PATCH /api/users/:id/status': () => ({ status: true }),
  'POST /api/users/import/preview': () => ({
    csv: '\uFEFFnombre;correo;rol;puesto;departamento;categoria\r\nAna Importada;ana.importada@prueba.do;colaborador;Docente;Ciencias;\r\n',
  }),
  'POST /api/users/import/apply': () => ({
    csv: 'nombre,correo,rol\nBeto Importado,beto.importado@prueba.do,evaluador\n',
  }),
  'POST /api/evaluators': () => ({
    name: 'Evaluador Nuevo',
    email: 'evaluador.nuevo@prueba.do',
    password: PASSWORD,
  }),
  'PUT /api/evaluators/:id': () => ({ name: 'Evaluador', email: 'evaluador.editado@prueba.do' }),
  'POST /api/collaborators': (i) => ({
    name: 'Colaboradora Nueva',
    position: 'Docente',
    department: 'Lengua',
    email: '',
    category_id: i.category,
  }),
  'PUT /api/collaborators/:id': (i) => ({
    name: 'Colaboradora',
    position: 'Coordinadora',
    department: null,
    email: 'colaboradora@prueba.do',
    category_id: i.category,
  }),
  'POST /api/question-banks': () => ({ name: 'Banco nuevo', description: 'Preguntas de prueba' }),
  'PUT /api/question-banks/:id': () => ({ name: 'Banco renombrado', description: null }),
  'POST /api/question-banks/:id/questions': () => ({
    question_text: '¿Planifica?',
    question_type: 'competency',
  }),
  'PUT /api/question-banks/:id/questions/:qid': () => ({
    question_text: '¿Evalúa?',
    question_type: 'objective',
  }),
  'POST /api/evaluations': (i) => ({
    name: 'Evaluación anual',
    period: '2026',
    weight_objectives: 40,
    weight_competencies: 60,
    category_id: i.category,
    question_bank_id: i.bank,
  }),
  'POST /api/evaluations/:id/open': () => ({ replace_open: true }),
  'PUT /api/evaluations/:id': (i) => ({
    name: 'Evaluación anual',
    period: '2026',
    weight_objectives: '50',
    weight_competencies: 50,
    category_id: i.category,
    question_bank_id: i.bank,
  }),
  'POST /api/assignments': (i) => ({ evaluator_id: i.evaluator, collaborator_id: i.collaborator2 }),
  'POST /api/full-evaluation/full-submit': (i) => ({
    evaluation_id: i.evaluation,
    user_id: i.collaborator,
    evaluator_id: i.evaluator,
    responses: i.questions.map((q, n) => ({ question_id: q, score: n + 2 })),
    training: { requires_training: true, comments: 'Necesita apoyo en evaluación.' },
  }),
  'POST /api/templates': (i) => ({ evaluation_id: i.draft, name: 'Plantilla nueva' }),
  'PUT /api/templates/:id': () => ({ name: 'Plantilla renombrada' }),
  'POST /api/evaluations-v2': () => ({
    name: '360 nueva',
    period: 'Q1-2026',
    weights: { weight_objectives: 30, weight_competencies: 70 },
    allow_self: false,
    save_as_template: false,
  }),
  'POST /api/evaluations-v2/from-template': (i) => ({
    template_id: i.template,
    name: '360 desde plantilla',
    period: 'Q2-2026',
    weights: { weight_objectives: 50, weight_competencies: 50 },
    allow_self: true,
  }),
  'PATCH /api/evaluations-v2/:id': () => ({
    name: '360 renombrada',
    period: 'Q3-2026',
    weights: { weight_objectives: 20, weight_competencies: 80 },
  }),
  'PUT /api/evaluations-v2/:id/items': (i) => ({
    items: [
      {
        id: i.draftItems[0]!.id,
        question_text: 'Comunica con claridad.',
        type: 'rating',
        section: 'competency',
        weight: 1.5,
        scale_id: null,
        scale_min: 1,
        scale_max: 5,
        scale_labels: ['Nunca', 'Casi nunca', 'A veces', 'Casi siempre', 'Siempre'],
        position: 0,
      },
      { id: i.draftItems[1]!.id, type: 'yes_no', weight: 1 },
      { id: i.draftItems[2]!.id },
      { question_text: 'Nuevo ítem', type: 'status_3', section: 'objective' },
    ],
  }),
  'POST /api/assignments-v2/bulk': (i) => ({
    evaluation_id: i.draft,
    assignments: [
      { evaluator_id: i.rater, evaluatee_id: i.evaluatee, relation: 'peer' },
      { evaluator_id: i.evaluatee, evaluatee_id: i.evaluatee, relation: 'self' },
    ],
  }),
  'POST /api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId': (i) => ({
    add: [i.rater, String(i.evaluator)],
    remove: [],
  }),
  'POST /api/responses-v2/submit': (i) => ({
    evaluation_id: i.open,
    assignment_id: i.v2Assignment,
    answers: i.openItems.map((item) => ({ item_id: item.id, type: item.type, value: 4, comment: 'Bien.' })),
  }),
  'POST /api/evaluations-v2/:id/snapshot': () => ({ label: 'Corte', notes: 'Notas del corte' }),
  'PUT /api/evaluations-v2/:id/release': () => ({ evaluatee: true, manager: false }),
  // Issue 19: drafts and declines, raters without ids, nominations.
  'PUT /api/responses-v2/draft/:assignmentId': (i) => ({
    answers: [{ item_id: i.openItems[0]!.id, value: 3, skip: false, comment: null }],
  }),
  'POST /api/responses-v2/decline': (i) => ({
    assignment_id: i.v2Assignment,
    reason: 'No trabajo con esta persona.',
  }),
  'POST /api/users/lookup': (i) => ({ ids: [i.user, i.evaluatee] }),
  'POST /api/users/:id/confirm-email': () => ({ email: 'nadie@prueba.do' }),
  'PATCH /api/assignments-v2/:id': () => ({ relation: 'peer' }),
  'PUT /api/evaluations-v2/:evaluationId/nominations': () => ({ enabled: true, min: 1, max: 3 }),
  'POST /api/evaluations-v2/:evaluationId/nominations/participants': (i) => ({ user_ids: [i.evaluatee] }),
  'PUT /api/nominations/:id': (i) => ({
    nominees: [{ nominee_id: i.user, relation: 'peer' }],
    submit: false,
  }),
  'POST /api/nominations/:id/approve': () => ({}),
  'PUT /api/evaluations-v2/:id/release/:userId': () => ({ evaluatee: null, manager: true }),
};

/** Who sends a route's cases (admin unless the route is only meaningful for someone else). */
export const MAIN_ACTOR: Record<string, 'admin' | 'rater'> = {
  'POST /api/responses-v2/submit': 'rater',
  // The rater's own drafts and declines (decision 034): anyone else is refused before validation.
  'POST /api/responses-v2/decline': 'rater',
  'PUT /api/responses-v2/draft/:assignmentId': 'rater',
  'GET /api/responses-v2/draft/:assignmentId': 'rater',
};
