import { enqueueMail, mailSettings } from '../../src/modules/mail/service';
import { nowIso } from '../../src/time';
import { DEFAULT_PASSWORD, createUser, unique } from '../factories';
import { assign, createV1Evaluation } from '../v1';
import { V2_WEIGHTS, createV2Draft } from '../v2';
import { bulkAssign, ratingAnswers, v2AssignmentId, type Fixtures } from './fixtures';
import type { Caller, CaseName, RouteKey } from './matrix';

/**
 * How to call each route of the matrix as `caller` in case `c`: the URL with real ids, and a body
 * that would succeed for a caller the route allows. Writes act on records made for the one request
 * (a throwaway category, user, draft…), so the walk never changes what later requests read.
 */
export interface MatrixRequest {
  url: string;
  body?: unknown;
  /** Send from a new session of the same caller (login and logout would end the shared one). */
  freshSession?: boolean;
  /**
   * The status an allowed call answers when it is not a 2xx (the content, not the caller, is the
   * reason: no such data, setup already done…). Without it an allowed call must answer 2xx.
   */
  status?: number;
}
export type BuildRequest = (
  f: Fixtures,
  caller: Caller,
  c: CaseName,
) => MatrixRequest | Promise<MatrixRequest>;

/** The caller's user id (anonymous callers have none: they get someone else's). */
function me(f: Fixtures, caller: Caller): number {
  return caller === 'anonymous' ? f.stranger.id : f.users[caller].id;
}

/** A V1 user id by case: own, the evaluador's colaborador, or a colaborador of someone else. */
function userIdFor(f: Fixtures, caller: Caller, c: CaseName): number {
  if (c === 'own') return me(f, caller);
  if (c === 'assigned') return f.users.colaborador.id;
  return f.otherCollaborator.id;
}

/** Only the colaborador caller has a V1 result of their own: the others' own id answers 404. */
function neverEvaluated(caller: Caller, c: CaseName): { status?: number } {
  return c === 'own' && caller !== 'colaborador' ? { status: 404 } : {};
}

function evaluatorIdFor(f: Fixtures, caller: Caller, c: CaseName): number {
  return c === 'own' ? me(f, caller) : f.otherEvaluator.id;
}

const email = () => `${unique('authz')}@prueba.do`;

async function newCategory(f: Fixtures): Promise<number> {
  const name = unique('Categoría');
  const row = await f.t.db
    .insertInto('categories')
    .values({ name, name_key: name.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newBank(f: Fixtures): Promise<number> {
  const row = await f.t.db
    .insertInto('question_banks')
    .values({ name: unique('Banco'), description: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newQuestion(f: Fixtures, bankId: number): Promise<number> {
  const row = await f.t.db
    .insertInto('questions')
    .values({
      bank_id: bankId,
      question_text: unique('Pregunta'),
      question_type: 'competency',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newAssignment(
  f: Fixtures,
): Promise<{ evaluatorId: number; collaboratorId: number; id: number }> {
  const evaluator = await createUser(f.t, { role: 'evaluador', password: null });
  const collaborator = await createUser(f.t, { category_id: f.v1.categoryId, password: null });
  await assign(f.t, evaluator.id, collaborator.id);
  const row = await f.t.db
    .selectFrom('assignments')
    .select('id')
    .where('evaluator_id', '=', evaluator.id)
    .where('collaborator_id', '=', collaborator.id)
    .executeTakeFirstOrThrow();
  return { evaluatorId: evaluator.id, collaboratorId: collaborator.id, id: row.id };
}

const newDraft = async (f: Fixtures) => (await createV2Draft(f.clients.admin, { allow_self: true })).id;

/** A draft with nominations enabled (1 to 3 nominees). */
async function nominationsDraft(f: Fixtures): Promise<number> {
  const id = await newDraft(f);
  await f.t.db
    .updateTable('v2_evaluations')
    .set({ nominations_enabled: 1, nominations_min: 1, nominations_max: 3 })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * A nomination (with one peer nominee) by case: the caller's own, that of someone reporting to the
 * caller ('assigned'), or that of someone unrelated ('other').
 */
async function nominationFor(
  f: Fixtures,
  caller: Caller,
  c: CaseName,
  status: 'borrador' | 'enviada',
): Promise<number> {
  const evaluationId = await nominationsDraft(f);
  let evaluateeId = me(f, caller);
  if (c !== 'own' || caller === 'anonymous') {
    const person = await createUser(f.t, { password: null });
    if (c === 'assigned' && caller !== 'anonymous') {
      await f.t.db
        .updateTable('users')
        .set({ manager_id: me(f, caller) })
        .where('id', '=', person.id)
        .execute();
    }
    evaluateeId = person.id;
  }
  const now = nowIso();
  const row = await f.t.db
    .insertInto('v2_nominations')
    .values({
      evaluation_id: evaluationId,
      evaluatee_id: evaluateeId,
      status,
      submitted_at: status === 'enviada' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await f.t.db
    .insertInto('v2_nominees')
    .values({ nomination_id: row.id, nominee_id: f.peer.id, relation: 'peer' })
    .execute();
  return row.id;
}

async function newTemplate(f: Fixtures): Promise<number> {
  const res = await f.clients.admin.post('/api/templates', {
    evaluation_id: f.closed.id,
    name: unique('Plantilla'),
  });
  if (res.statusCode !== 201) throw new Error(`template failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

const userBody = (role: 'colaborador' | 'admin', mail: string | null = email()) => ({
  name: 'Persona de Prueba',
  email: mail,
  role,
  position: null,
  department: null,
  category_id: null,
});

/** A one-row staff import that creates a new colaborador. */
const importBody = () => ({ csv: `nombre;correo;rol\nPersona Importada;${email()};colaborador\n` });

const evaluationBody = (categoryId: number, bankId: number) => ({
  name: unique('Evaluación'),
  period: '2026',
  weight_objectives: 40,
  weight_competencies: 60,
  category_id: categoryId,
  question_bank_id: bankId,
});

const collaboratorBody = (f: Fixtures) => ({
  name: 'Colaboradora Nueva',
  position: 'Docente',
  department: 'Ciencias',
  email: null,
  category_id: f.v1.categoryId,
});

/** A new message in the outbox, for the Correos routes. */
async function outboxMessage(f: Fixtures): Promise<number> {
  const [id] = await enqueueMail(f.t.db, mailSettings(f.t.config), {
    kind: 'reminder',
    to: { email: email(), name: null, userId: null },
    content: { subject: 'Matriz', greeting: 'Hola:', paragraphs: [] },
  });
  return id!;
}

export const REQUESTS: Record<RouteKey, BuildRequest> = {
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/setup/status': () => ({ url: '/api/setup/status' }),
  // The setup is done (users exist): 409, whoever asks.
  'POST /api/setup': () => ({
    url: '/api/setup',
    body: { token: 'enlace-de-prueba', name: 'Primera Admin', email: email(), password: DEFAULT_PASSWORD },
    status: 409,
  }),
  'GET /api/csrf-token': () => ({ url: '/api/csrf-token' }),
  'POST /api/users/login': (f, caller) => ({
    url: '/api/users/login',
    body: {
      email: (caller === 'anonymous' ? f.users.colaborador : f.users[caller]).email,
      password: DEFAULT_PASSWORD,
    },
    freshSession: true,
  }),
  'POST /api/logout': () => ({ url: '/api/logout', freshSession: true }),
  'POST /api/users/logout': () => ({ url: '/api/users/logout', freshSession: true }),
  'POST /api/auth/forgot-password': () => ({ url: '/api/auth/forgot-password', body: { email: email() } }),
  // An unknown link: 400 LINK_INVALID for anyone, and nothing changes.
  'POST /api/auth/reset-password': () => ({
    url: '/api/auth/reset-password',
    body: { token: 'enlace-desconocido', newPassword: 'Otra-Clave-Segura-456' },
    status: 400,
  }),
  'POST /api/auth/activate': () => ({
    url: '/api/auth/activate',
    body: { token: 'enlace-desconocido', newPassword: 'Otra-Clave-Segura-456' },
    status: 400,
  }),

  'GET /api/users/me': () => ({ url: '/api/users/me' }),
  'GET /api/profile': () => ({ url: '/api/profile' }),
  // A wrong current password: 400 for anyone logged in, and nothing changes.
  'POST /api/profile/change-password': () => ({
    url: '/api/profile/change-password',
    body: { currentPassword: 'No-Es-Mi-Clave-1', newPassword: 'Otra-Clave-Segura-456' },
    status: 400,
  }),

  'GET /api/categories': () => ({ url: '/api/categories' }),
  'GET /api/categories/:id': (f) => ({ url: `/api/categories/${f.v1.categoryId}` }),
  'POST /api/categories': () => ({ url: '/api/categories', body: { name: unique('Categoría') } }),
  'PUT /api/categories/:id': async (f) => ({
    url: `/api/categories/${await newCategory(f)}`,
    body: { name: unique('Categoría') },
  }),
  'DELETE /api/categories/:id': async (f) => ({ url: `/api/categories/${await newCategory(f)}` }),

  'GET /api/users': () => ({ url: '/api/users' }),
  'GET /api/users/:id': (f, caller, c) => ({ url: `/api/users/${userIdFor(f, caller, c)}` }),
  'POST /api/users': (_f, _caller, c) => ({
    url: '/api/users',
    body: { ...userBody(c === 'adminAccount' ? 'admin' : 'colaborador'), password: DEFAULT_PASSWORD },
  }),
  'PUT /api/users/:id': async (f, _caller, c) => {
    const role = c === 'adminAccount' ? 'admin' : 'colaborador';
    const target = await createUser(f.t, { role, password: null });
    return { url: `/api/users/${target.id}`, body: userBody(role, target.email) };
  },
  'POST /api/users/lookup': (f) => ({ url: '/api/users/lookup', body: { ids: [f.peer.id, f.stranger.id] } }),
  'PATCH /api/users/:id/status': async (f, _caller, c) => {
    const target = await createUser(f.t, {
      role: c === 'adminAccount' ? 'admin' : 'colaborador',
      password: null,
    });
    return { url: `/api/users/${target.id}/status`, body: { status: false } };
  },
  'POST /api/users/:id/access-link': async (f, _caller, c) => {
    const target = await createUser(f.t, {
      role: c === 'adminAccount' ? 'admin' : 'colaborador',
      password: null,
    });
    return { url: `/api/users/${target.id}/access-link` };
  },
  'POST /api/users/:id/confirm-email': async (f) => {
    const target = await createUser(f.t, { role: 'colaborador', password: null });
    return { url: `/api/users/${target.id}/confirm-email`, body: { email: target.email } };
  },
  'POST /api/users/import/preview': () => ({ url: '/api/users/import/preview', body: importBody() }),
  'POST /api/users/import/apply': () => ({ url: '/api/users/import/apply', body: importBody() }),

  'GET /api/evaluators': () => ({ url: '/api/evaluators' }),
  'GET /api/evaluators/:id': (f) => ({ url: `/api/evaluators/${f.users.evaluador.id}` }),
  'POST /api/evaluators': () => ({
    url: '/api/evaluators',
    body: { name: 'Evaluadora Nueva', email: email(), password: DEFAULT_PASSWORD },
  }),
  'PUT /api/evaluators/:id': async (f) => {
    const target = await createUser(f.t, { role: 'evaluador', password: null });
    return {
      url: `/api/evaluators/${target.id}`,
      body: { name: 'Evaluadora Renombrada', email: target.email },
    };
  },
  'DELETE /api/evaluators/:id': async (f) => ({
    url: `/api/evaluators/${(await createUser(f.t, { role: 'evaluador', password: null })).id}`,
  }),

  'GET /api/collaborators': () => ({ url: '/api/collaborators' }),
  'GET /api/collaborators/:id': (f) => ({ url: `/api/collaborators/${f.users.colaborador.id}` }),
  'POST /api/collaborators': (f) => ({ url: '/api/collaborators', body: collaboratorBody(f) }),
  'PUT /api/collaborators/:id': async (f) => ({
    url: `/api/collaborators/${(await createUser(f.t, { category_id: f.v1.categoryId, password: null })).id}`,
    body: collaboratorBody(f),
  }),
  'DELETE /api/collaborators/:id': async (f) => ({
    url: `/api/collaborators/${(await createUser(f.t, { password: null })).id}`,
  }),

  'GET /api/question-banks': () => ({ url: '/api/question-banks' }),
  'POST /api/question-banks': () => ({
    url: '/api/question-banks',
    body: { name: unique('Banco'), description: 'Banco de prueba' },
  }),
  'PUT /api/question-banks/:id': async (f) => ({
    url: `/api/question-banks/${await newBank(f)}`,
    body: { name: unique('Banco'), description: null },
  }),
  'DELETE /api/question-banks/:id': async (f) => ({ url: `/api/question-banks/${await newBank(f)}` }),
  'GET /api/question-banks/:id/questions': (f, _caller, c) => ({
    url: `/api/question-banks/${c === 'other' ? f.v1Other.bankId : f.v1.bankId}/questions`,
  }),
  'POST /api/question-banks/:id/questions': async (f) => ({
    url: `/api/question-banks/${await newBank(f)}/questions`,
    body: { question_text: 'Planifica sus clases.', question_type: 'objective' },
  }),
  'PUT /api/question-banks/:id/questions/:qid': async (f) => {
    const bank = await newBank(f);
    return {
      url: `/api/question-banks/${bank}/questions/${await newQuestion(f, bank)}`,
      body: { question_text: 'Comunica con claridad.', question_type: 'competency' },
    };
  },
  'DELETE /api/question-banks/:id/questions/:qid': async (f) => {
    const bank = await newBank(f);
    return { url: `/api/question-banks/${bank}/questions/${await newQuestion(f, bank)}` };
  },

  'GET /api/evaluations': () => ({ url: '/api/evaluations' }),
  'GET /api/evaluations/by-category/:categoryId': (f, _caller, c) => ({
    url: `/api/evaluations/by-category/${c === 'other' ? f.v1Other.categoryId : f.v1.categoryId}`,
  }),
  'GET /api/evaluations/:id': (f) => ({ url: `/api/evaluations/${f.v1.evaluationId}` }),
  'POST /api/evaluations': async (f) => ({
    url: '/api/evaluations',
    body: evaluationBody(await newCategory(f), f.v1.bankId),
  }),
  'PUT /api/evaluations/:id': async (f) => {
    const target = await createV1Evaluation(f.t, ['competency']);
    return {
      url: `/api/evaluations/${target.evaluationId}`,
      body: evaluationBody(target.categoryId, target.bankId),
    };
  },
  'POST /api/evaluations/:id/open': async (f) => ({
    url: `/api/evaluations/${(await createV1Evaluation(f.t, ['competency'], undefined, { status: 'borrador' })).evaluationId}/open`,
    body: { replace_open: true },
  }),
  'POST /api/evaluations/:id/close': async (f) => ({
    url: `/api/evaluations/${(await createV1Evaluation(f.t, ['competency'])).evaluationId}/close`,
  }),
  'DELETE /api/evaluations/:id': async (f) => ({
    url: `/api/evaluations/${(await createV1Evaluation(f.t, ['competency'])).evaluationId}`,
  }),
  'GET /api/evaluations/:id/reminders': (f) => ({ url: `/api/evaluations/${f.v1.evaluationId}/reminders` }),
  'POST /api/evaluations/:id/reminders': (f) => ({ url: `/api/evaluations/${f.v1.evaluationId}/reminders` }),

  'GET /api/assignments/:evaluatorId': (f, caller, c) => ({
    url: `/api/assignments/${evaluatorIdFor(f, caller, c)}`,
  }),
  'GET /api/assignments/:evaluatorId/available': (f, caller, c) => ({
    url: `/api/assignments/${evaluatorIdFor(f, caller, c)}/available`,
  }),
  'POST /api/assignments': async (f) => {
    const evaluator = await createUser(f.t, { role: 'evaluador', password: null });
    const collaborator = await createUser(f.t, { category_id: f.v1.categoryId, password: null });
    return {
      url: '/api/assignments',
      body: { evaluator_id: evaluator.id, collaborator_id: collaborator.id },
    };
  },
  'DELETE /api/assignments/:id': async (f) => ({ url: `/api/assignments/${(await newAssignment(f)).id}` }),

  // A fresh colaborador assigned to the caller (own) or to another evaluador (other, onBehalf),
  // submitted as the caller (own, other) or as that other evaluador (onBehalf).
  'POST /api/full-evaluation/full-submit': async (f, caller, c) => {
    const assignedTo = c === 'own' ? me(f, caller) : f.otherEvaluator.id;
    const evaluatorId = c === 'onBehalf' ? f.otherEvaluator.id : me(f, caller);
    const collaborator = await createUser(f.t, { category_id: f.v1.categoryId, password: null });
    await assign(f.t, assignedTo, collaborator.id);
    return {
      url: '/api/full-evaluation/full-submit',
      body: {
        evaluation_id: f.v1.evaluationId,
        user_id: collaborator.id,
        evaluator_id: evaluatorId,
        responses: f.v1.questions.map((q) => ({ question_id: q.id, score: 3 })),
        training: { requires_training: true, comments: 'Necesita apoyo en planificación.' },
      },
      // An admin is no evaluador: submitting as themself is refused for the content.
      ...(caller === 'admin' && c !== 'onBehalf' ? { status: 400 } : {}),
    };
  },

  'GET /api/evaluation-results/evaluated/:evaluatorId': (f, caller, c) => ({
    url: `/api/evaluation-results/evaluated/${evaluatorIdFor(f, caller, c)}`,
  }),
  'GET /api/evaluation-results/latest/:userId': (f, caller, c) => ({
    url: `/api/evaluation-results/latest/${userIdFor(f, caller, c)}`,
    ...neverEvaluated(caller, c),
  }),

  'GET /api/users/collaborators/history': () => ({ url: '/api/users/collaborators/history' }),
  'GET /api/users/evaluation-history/:userId': (f, caller, c) => ({
    url: `/api/users/evaluation-history/${userIdFor(f, caller, c)}`,
  }),

  'GET /api/reports': () => ({ url: '/api/reports' }),
  'GET /api/reports/full/:evaluationId/:userId': (f, caller, c) => ({
    url: `/api/reports/full/${f.v1.evaluationId}/${userIdFor(f, caller, c)}`,
    ...neverEvaluated(caller, c),
  }),
  'GET /api/reports/full/:evaluationId/:userId/pdf': (f, caller, c) => ({
    url: `/api/reports/full/${f.v1.evaluationId}/${userIdFor(f, caller, c)}/pdf`,
    ...neverEvaluated(caller, c),
  }),
  'GET /api/reports/export': () => ({ url: '/api/reports/export?format=csv' }),

  'GET /api/training-report': () => ({ url: '/api/training-report' }),
  'GET /api/training-report/export': () => ({ url: '/api/training-report/export?format=csv' }),
  'GET /api/dashboard/metrics': () => ({ url: '/api/dashboard/metrics' }),
  'GET /api/audit': (f) => ({ url: `/api/audit?entity=user&user_id=${f.users.admin.id}` }),
  'GET /api/outbox': () => ({ url: '/api/outbox?status=pendiente&page=1' }),
  'GET /api/outbox/:id/html': async (f) => ({ url: `/api/outbox/${await outboxMessage(f)}/html` }),
  // A message of its own each time (a resend of one being sent would be a 409).
  'POST /api/outbox/:id/resend': async (f) => ({ url: `/api/outbox/${await outboxMessage(f)}/resend` }),

  'GET /api/docs': () => ({ url: '/api/docs' }),
  'GET /api/docs/json': () => ({ url: '/api/docs/json' }),
  'GET /api/docs/yaml': () => ({ url: '/api/docs/yaml' }),
  'GET /api/docs/static/*': () => ({ url: '/api/docs/static/swagger-ui.css' }),
  // Swagger UI sends this old address on to the page.
  'GET /api/docs/static/index.html': () => ({ url: '/api/docs/static/index.html', status: 302 }),
  'GET /api/docs/static/swagger-initializer.js': () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  'GET /api/docs/static/theme/api-docs-spanish.js': () => ({
    url: '/api/docs/static/theme/api-docs-spanish.js',
  }),
  'GET /api/docs/static/theme/api-docs-spanish.css': () => ({
    url: '/api/docs/static/theme/api-docs-spanish.css',
  }),

  'GET /api/scales': () => ({ url: '/api/scales' }),
  'GET /api/templates': () => ({ url: '/api/templates' }),
  'POST /api/templates': (f) => ({
    url: '/api/templates',
    body: { evaluation_id: f.closed.id, name: unique('Plantilla') },
  }),
  'PUT /api/templates/:id': async (f) => ({
    url: `/api/templates/${await newTemplate(f)}`,
    body: { name: unique('Plantilla') },
  }),
  'DELETE /api/templates/:id': async (f) => ({ url: `/api/templates/${await newTemplate(f)}` }),

  'GET /api/evaluations-v2': () => ({ url: '/api/evaluations-v2' }),
  'POST /api/evaluations-v2': () => ({
    url: '/api/evaluations-v2',
    body: { name: unique('Evaluación 360'), period: 'Q1-2026', weights: V2_WEIGHTS, allow_self: true },
  }),
  'POST /api/evaluations-v2/from-template': (f) => ({
    url: '/api/evaluations-v2/from-template',
    body: {
      template_id: f.templateId,
      name: unique('Evaluación 360'),
      period: 'Q2-2026',
      weights: V2_WEIGHTS,
    },
  }),
  'GET /api/evaluations-v2/:id': (f) => ({ url: `/api/evaluations-v2/${f.open.id}` }),
  'PATCH /api/evaluations-v2/:id': async (f) => ({
    url: `/api/evaluations-v2/${await newDraft(f)}`,
    body: { name: unique('Evaluación 360') },
  }),
  'DELETE /api/evaluations-v2/:id': async (f) => ({ url: `/api/evaluations-v2/${await newDraft(f)}` }),
  'GET /api/evaluations-v2/:id/reminders': (f) => ({ url: `/api/evaluations-v2/${f.open.id}/reminders` }),
  // Each allowed caller's press starts with the cooldown over (decision 042): the first press would
  // otherwise leave the next caller nobody to remind (409 REMINDER_COOLDOWN).
  'POST /api/evaluations-v2/:id/reminders': async (f) => {
    await f.t.db
      .deleteFrom('manual_reminders')
      .where('kind', '=', 'v2')
      .where('evaluation_id', '=', f.open.id)
      .execute();
    return { url: `/api/evaluations-v2/${f.open.id}/reminders` };
  },
  'GET /api/evaluations-v2/:id/items': (f, _caller, c) => ({
    url: `/api/evaluations-v2/${c === 'other' ? f.closed.id : c === 'ownWhileDraft' ? f.draft.id : f.open.id}/items`,
  }),
  'PUT /api/evaluations-v2/:id/items': async (f) => ({
    url: `/api/evaluations-v2/${await newDraft(f)}/items`,
    body: { items: [{ question_text: 'Comunica con claridad.', type: 'rating' }] },
  }),

  'POST /api/assignments-v2/bulk': async (f) => ({
    url: '/api/assignments-v2/bulk',
    body: {
      evaluation_id: await newDraft(f),
      assignments: [{ evaluator_id: f.peer.id, evaluatee_id: f.stranger.id, relation: 'peer' }],
    },
  }),
  'GET /api/assignments-v2/by-evaluation/:evaluationId': (f) => ({
    url: `/api/assignments-v2/by-evaluation/${f.open.id}`,
  }),
  'GET /api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId': (f, caller, c) => ({
    url: `/api/evaluations-v2/${f.open.id}/assignments/evaluatee/${c === 'own' ? me(f, caller) : f.stranger.id}`,
  }),
  // A fresh pending assignment in a fresh draft, its relation changed to report.
  'PATCH /api/assignments-v2/:id': async (f) => {
    const draft = await newDraft(f);
    await bulkAssign(f.clients.admin, draft, [
      { evaluator_id: f.peer.id, evaluatee_id: f.stranger.id, relation: 'peer' },
    ]);
    return {
      url: `/api/assignments-v2/${await v2AssignmentId(f.t, draft, f.peer.id, f.stranger.id)}`,
      body: { relation: 'report' },
    };
  },
  'POST /api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId': async (f, caller, c) => ({
    url: `/api/evaluations-v2/${await newDraft(f)}/assignments/evaluatee/${c === 'own' ? me(f, caller) : f.stranger.id}`,
    body: { add: [f.peer.id], remove: [] },
  }),

  'POST /api/evaluations-v2/:evaluationId/assignments/managers': async (f) => ({
    url: `/api/evaluations-v2/${await newDraft(f)}/assignments/managers`,
  }),
  'GET /api/evaluations-v2/:evaluationId/nominations': (f) => ({
    url: `/api/evaluations-v2/${f.open.id}/nominations`,
  }),
  'PUT /api/evaluations-v2/:evaluationId/nominations': async (f) => ({
    url: `/api/evaluations-v2/${await newDraft(f)}/nominations`,
    body: { enabled: true, min: 1, max: 3 },
  }),
  'POST /api/evaluations-v2/:evaluationId/nominations/participants': async (f) => ({
    url: `/api/evaluations-v2/${await nominationsDraft(f)}/nominations/participants`,
    body: { user_ids: [f.stranger.id] },
  }),
  'DELETE /api/evaluations-v2/:evaluationId/nominations/participants/:userId': async (f) => {
    const evaluationId = await nominationsDraft(f);
    const now = nowIso();
    await f.t.db
      .insertInto('v2_nominations')
      .values({ evaluation_id: evaluationId, evaluatee_id: f.stranger.id, created_at: now, updated_at: now })
      .execute();
    return { url: `/api/evaluations-v2/${evaluationId}/nominations/participants/${f.stranger.id}` };
  },
  'GET /api/nominations/people': () => ({ url: '/api/nominations/people?q=a' }),
  'GET /api/nominations/mine': () => ({ url: '/api/nominations/mine' }),
  'GET /api/nominations/:id': async (f, caller, c) => ({
    url: `/api/nominations/${await nominationFor(f, caller, c, 'enviada')}`,
  }),
  'PUT /api/nominations/:id': async (f, caller, c) => ({
    url: `/api/nominations/${await nominationFor(f, caller, c, 'borrador')}`,
    body: { nominees: [{ nominee_id: f.peer.id, relation: 'peer' }], submit: true },
  }),
  'POST /api/nominations/:id/approve': async (f, caller, c) => ({
    url: `/api/nominations/${await nominationFor(f, caller, c, 'enviada')}/approve`,
    body: {},
  }),

  'GET /api/evaluations-v2/assignments/mine': () => ({ url: '/api/evaluations-v2/assignments/mine' }),
  // A fresh pending assignment in the open evaluation: the caller's own, or the peer's.
  'POST /api/responses-v2/submit': async (f, caller, c) => {
    const evaluatorId = c === 'own' ? me(f, caller) : f.peer.id;
    const evaluatee = await createUser(f.t, { password: null });
    await bulkAssign(f.clients.admin, f.open.id, [
      { evaluator_id: evaluatorId, evaluatee_id: evaluatee.id, relation: 'peer' },
    ]);
    return {
      url: '/api/responses-v2/submit',
      body: {
        evaluation_id: f.open.id,
        assignment_id: await v2AssignmentId(f.t, f.open.id, evaluatorId, evaluatee.id),
        answers: ratingAnswers(f.open.items),
      },
    };
  },

  // Drafts and declines: a fresh pending assignment in the open evaluation, the caller's or the peer's.
  'GET /api/responses-v2/draft/:assignmentId': async (f, caller, c) => ({
    url: `/api/responses-v2/draft/${await freshV2Assignment(f, c === 'own' ? me(f, caller) : f.peer.id)}`,
  }),
  'PUT /api/responses-v2/draft/:assignmentId': async (f, caller, c) => ({
    url: `/api/responses-v2/draft/${await freshV2Assignment(f, c === 'own' ? me(f, caller) : f.peer.id)}`,
    body: { answers: [{ item_id: f.open.items[0]!.id, value: 3 }] },
  }),
  'POST /api/responses-v2/decline': async (f, caller, c) => ({
    url: '/api/responses-v2/decline',
    body: {
      assignment_id: await freshV2Assignment(f, c === 'own' ? me(f, caller) : f.peer.id),
      reason: 'No trabajo con esta persona.',
    },
  }),

  'GET /api/evaluations-v2/results/mine': () => ({ url: '/api/evaluations-v2/results/mine' }),
  'GET /api/evaluations-v2/:id/results/:userId': (f, caller, c) => ({ url: v2ResultsUrl(f, caller, c) }),
  'GET /api/evaluations-v2/:id/results/:userId/pdf': (f, caller, c) => ({
    url: `${v2ResultsUrl(f, caller, c)}/pdf`,
  }),
  'GET /api/evaluations-v2/:id/results/:userId/xlsx': (f, caller, c) => ({
    url: `${v2ResultsUrl(f, caller, c)}/xlsx`,
  }),
  'GET /api/evaluations-v2/:id/summary': (f) => ({ url: `/api/evaluations-v2/${f.closed.id}/summary` }),
  'GET /api/evaluations-v2/:id/release': (f) => ({ url: `/api/evaluations-v2/${f.closed.id}/release` }),
  'PUT /api/evaluations-v2/:id/release': (f) => ({
    url: `/api/evaluations-v2/${f.closed.id}/release`,
    body: { evaluatee: true, manager: false },
  }),
  'GET /api/evaluations-v2/:id/release/people': (f) => ({
    url: `/api/evaluations-v2/${f.closed.id}/release/people`,
  }),
  'PUT /api/evaluations-v2/:id/release/:userId': (f) => ({
    url: `/api/evaluations-v2/${f.closed.id}/release/${f.stranger.id}`,
    body: { evaluatee: true, manager: null },
  }),
  'GET /api/evaluations-v2/results/team': () => ({ url: '/api/evaluations-v2/results/team' }),
  'GET /api/evaluations-v2/:id/insight': (f) => ({ url: `/api/evaluations-v2/${f.closed.id}/insight` }),
  'GET /api/evaluations-v2/:id/insight/xlsx': (f) => ({
    url: `/api/evaluations-v2/${f.closed.id}/insight/xlsx`,
  }),
  'POST /api/evaluations-v2/:id/snapshot': (f) => ({
    url: `/api/evaluations-v2/${f.closed.id}/snapshot`,
    body: { label: unique('Corte'), notes: null },
  }),
  'GET /api/evaluations-v2/:id/snapshots': (f) => ({ url: `/api/evaluations-v2/${f.closed.id}/snapshots` }),
  'GET /api/evaluations-v2/:id/snapshots/:snapshotId': (f) => ({
    url: `/api/evaluations-v2/${f.closed.id}/snapshots/${f.snapshotId}`,
  }),
};

/** A new pending assignment of `evaluatorId` in the open 360 (to a new evaluatee): its id. */
async function freshV2Assignment(f: Fixtures, evaluatorId: number): Promise<number> {
  const evaluatee = await createUser(f.t, { password: null });
  await bulkAssign(f.clients.admin, f.open.id, [
    { evaluator_id: evaluatorId, evaluatee_id: evaluatee.id, relation: 'peer' },
  ]);
  return v2AssignmentId(f.t, f.open.id, evaluatorId, evaluatee.id);
}

/** own: the caller's results in the closed 360; ownWhileOpen: in the open one; other: a stranger's. */
function v2ResultsUrl(f: Fixtures, caller: Caller, c: CaseName): string {
  if (c === 'own') return `/api/evaluations-v2/${f.closed.id}/results/${me(f, caller)}`;
  if (c === 'ownWhileOpen') return `/api/evaluations-v2/${f.open.id}/results/${me(f, caller)}`;
  return `/api/evaluations-v2/${f.closed.id}/results/${f.stranger.id}`;
}
