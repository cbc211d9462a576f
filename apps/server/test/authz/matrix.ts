import type { Role } from '@evalua/contracts';

/**
 * The authorization matrix (DESIGN §4): for every /api route the app registers, keyed by its
 * method and URL pattern exactly as registered, the answer each kind of caller gets.
 *
 * Outcomes:
 * - 'allow': anything but 401/403 (a 400/404/409 for the request's content is fine; the walk in
 *   matrix.test.ts is stricter: 2xx, or the one non-2xx its request names, e.g. 404 for the latest
 *   result of someone never evaluated);
 * - 'deny': 403 {error: 'No tienes permisos para realizar esta acción.'};
 * - 'adminOnly': 403 {error: 'Solo un administrador puede crear o modificar administradores, …'}
 *   (the "only admin touches admins" rule, which names its reason);
 * - 'unauth': 401 (no session).
 *
 * Cases: a route whose answer can depend on whose record it is lists its cases in `cases`. The base
 * cases are 'own' and 'other' when `cases` has 'own', else the single 'any'. A role whose
 * expectation is one outcome is walked with the base cases, all expected to answer that outcome; a
 * role whose expectation is an object is walked with exactly the cases it names. Anonymous callers
 * are walked once ('other', or 'any').
 */
export type Outcome = 'allow' | 'deny' | 'adminOnly' | 'unauth';
export type CaseName =
  'any' | 'own' | 'other' | 'assigned' | 'ownWhileOpen' | 'ownWhileDraft' | 'onBehalf' | 'adminAccount';
export type Expectation = Outcome | Partial<Record<CaseName, Outcome>>;
export type Caller = 'anonymous' | Role;
export const CALLERS: readonly Caller[] = ['anonymous', 'admin', 'gestionhumana', 'evaluador', 'colaborador'];

export interface MatrixEntry {
  /** What each case means for this route (absent: one case, 'any'). */
  cases?: Partial<Record<CaseName, string>>;
  anonymous: Outcome;
  admin: Expectation;
  gestionhumana: Expectation;
  evaluador: Expectation;
  colaborador: Expectation;
}

/** A 360 assignment's own calls: its evaluator only, whatever their role (decision 034). */
const OWN_ASSIGNMENT = {
  cases: {
    own: 'an assignment whose evaluator is the caller',
    other: "someone else's assignment (admin and HR included)",
  },
  anonymous: 'unauth',
  admin: { own: 'allow', other: 'deny' },
  gestionhumana: { own: 'allow', other: 'deny' },
  evaluador: { own: 'allow', other: 'deny' },
  colaborador: { own: 'allow', other: 'deny' },
} as const satisfies MatrixEntry;

/** Public routes: anyone, logged in or not. */
const PUBLIC = {
  anonymous: 'allow',
  admin: 'allow',
  gestionhumana: 'allow',
  evaluador: 'allow',
  colaborador: 'allow',
} as const satisfies MatrixEntry;

/** Any logged-in user. */
const ANY_USER = { ...PUBLIC, anonymous: 'unauth' } as const satisfies MatrixEntry;

/** Management: admin and gestionhumana only. */
const MANAGERS = {
  anonymous: 'unauth',
  admin: 'allow',
  gestionhumana: 'allow',
  evaluador: 'deny',
  colaborador: 'deny',
} as const satisfies MatrixEntry;

/** Admin only: the audit log (decision 019) and the API document. */
const ADMIN = { ...MANAGERS, gestionhumana: 'deny' } as const satisfies MatrixEntry;

/** A V1 user id in the path: the user themself, or admin/HR (assertSelfOrRoles). */
const SELF_OR_MANAGERS = {
  ...MANAGERS,
  evaluador: { own: 'allow', other: 'deny', assigned: 'deny' },
  colaborador: { own: 'allow', other: 'deny' },
} as const satisfies MatrixEntry;
const USER_ID_CASES = {
  own: "the caller's own id",
  other: 'a colaborador not assigned to the caller',
  assigned: "the evaluador's assigned colaborador (evaluators do not read their results)",
} as const;

/** A 360 evaluatee's results: admin/HR, or the evaluatee once the evaluation is closed. */
const V2_RESULTS = {
  cases: {
    own: "the caller's own results in a closed evaluation",
    other: "someone else's results in a closed evaluation",
    ownWhileOpen: "the caller's own results while the evaluation is still open",
  },
  ...MANAGERS,
  evaluador: { own: 'allow', other: 'deny', ownWhileOpen: 'deny' },
  colaborador: { own: 'allow', other: 'deny', ownWhileOpen: 'deny' },
} as const satisfies MatrixEntry;

const ADMIN_ACCOUNT_CASES = {
  any: 'a colaborador account',
  adminAccount: 'an administrator account (only an admin creates, edits or deactivates one)',
} as const;

export const MATRIX = {
  // Public: health, first-run setup, CSRF, login and logout.
  'GET /api/health': PUBLIC,
  'GET /api/setup/status': PUBLIC,
  'POST /api/setup': PUBLIC,
  'GET /api/csrf-token': PUBLIC,
  'POST /api/users/login': PUBLIC,
  'POST /api/logout': PUBLIC,
  'POST /api/users/logout': PUBLIC,
  // Access links and resets (decision 033): a link's token is the credential, not the session.
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'POST /api/auth/activate': PUBLIC,

  // The caller's own account.
  'GET /api/users/me': ANY_USER,
  'GET /api/profile': ANY_USER,
  'POST /api/profile/change-password': ANY_USER,

  'GET /api/categories': MANAGERS,
  'GET /api/categories/:id': MANAGERS,
  'POST /api/categories': MANAGERS,
  'PUT /api/categories/:id': MANAGERS,
  'DELETE /api/categories/:id': MANAGERS,

  'GET /api/users': MANAGERS,
  'GET /api/users/:id': {
    cases: USER_ID_CASES,
    ...SELF_OR_MANAGERS,
    // DESIGN §4: an evaluador reads the collaborators assigned to them.
    evaluador: { own: 'allow', other: 'deny', assigned: 'allow' },
  },
  'POST /api/users': {
    cases: ADMIN_ACCOUNT_CASES,
    ...MANAGERS,
    admin: { any: 'allow', adminAccount: 'allow' },
    gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
  },
  'PUT /api/users/:id': {
    cases: ADMIN_ACCOUNT_CASES,
    ...MANAGERS,
    admin: { any: 'allow', adminAccount: 'allow' },
    gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
  },
  // Who the ids of a 360 batch are (decision 035).
  'POST /api/users/lookup': MANAGERS,
  'PATCH /api/users/:id/status': {
    cases: ADMIN_ACCOUNT_CASES,
    ...MANAGERS,
    admin: { any: 'allow', adminAccount: 'allow' },
    gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
  },
  // Only an administrator mails an access link to an administrator (decision 023).
  'POST /api/users/:id/access-link': {
    cases: ADMIN_ACCOUNT_CASES,
    ...MANAGERS,
    admin: { any: 'allow', adminAccount: 'allow' },
    gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
  },
  // Only an administrator confirms an address: the step that lets a link-chosen password count (decision 040).
  'POST /api/users/:id/confirm-email': ADMIN,
  // Staff import: an admin row from HR is an error row in the answer, not a refusal of the call.
  'POST /api/users/import/preview': MANAGERS,
  'POST /api/users/import/apply': MANAGERS,

  'GET /api/evaluators': MANAGERS,
  'GET /api/evaluators/:id': MANAGERS,
  'POST /api/evaluators': MANAGERS,
  'PUT /api/evaluators/:id': MANAGERS,
  'DELETE /api/evaluators/:id': MANAGERS,

  'GET /api/collaborators': MANAGERS,
  'GET /api/collaborators/:id': MANAGERS,
  'POST /api/collaborators': MANAGERS,
  'PUT /api/collaborators/:id': MANAGERS,
  'DELETE /api/collaborators/:id': MANAGERS,

  'GET /api/question-banks': MANAGERS,
  'POST /api/question-banks': MANAGERS,
  'PUT /api/question-banks/:id': MANAGERS,
  'DELETE /api/question-banks/:id': MANAGERS,
  'GET /api/question-banks/:id/questions': {
    cases: {
      own: "the bank of the evaluation for the category of the caller's assigned colaborador",
      other: 'a bank no colaborador of the caller is evaluated with',
    },
    ...MANAGERS,
    evaluador: { own: 'allow', other: 'deny' },
  },
  'POST /api/question-banks/:id/questions': MANAGERS,
  'PUT /api/question-banks/:id/questions/:qid': MANAGERS,
  'DELETE /api/question-banks/:id/questions/:qid': MANAGERS,

  'GET /api/evaluations': MANAGERS,
  'GET /api/evaluations/by-category/:categoryId': {
    cases: {
      own: "the category of the caller's assigned colaborador",
      other: "a category none of the caller's colaboradores is in",
    },
    ...MANAGERS,
    evaluador: { own: 'allow', other: 'deny' },
  },
  'GET /api/evaluations/:id': MANAGERS,
  'POST /api/evaluations': MANAGERS,
  'PUT /api/evaluations/:id': MANAGERS,
  'POST /api/evaluations/:id/open': MANAGERS,
  'POST /api/evaluations/:id/close': MANAGERS,
  'DELETE /api/evaluations/:id': MANAGERS,
  // Reminders of an open evaluation (decision 033): HR and administrators only.
  'GET /api/evaluations/:id/reminders': MANAGERS,
  'POST /api/evaluations/:id/reminders': MANAGERS,

  'GET /api/assignments/:evaluatorId': {
    cases: { own: "the caller's own id", other: "another evaluador's id" },
    ...MANAGERS,
    evaluador: { own: 'allow', other: 'deny' },
    // Their own (empty) list: assertSelfOrRoles lets anyone read their own id.
    colaborador: { own: 'allow', other: 'deny' },
  },
  'GET /api/assignments/:evaluatorId/available': {
    cases: { own: "the caller's own id", other: "another evaluador's id" },
    ...MANAGERS,
  },
  'POST /api/assignments': MANAGERS,
  'DELETE /api/assignments/:id': MANAGERS,

  'POST /api/full-evaluation/full-submit': {
    cases: {
      own: 'as the caller, for a colaborador assigned to the caller',
      other: 'as the caller, for a colaborador assigned to another evaluador',
      onBehalf: "as another evaluador, for that evaluador's colaborador",
    },
    anonymous: 'unauth',
    // An admin may submit on behalf of an evaluador; HR and colaboradores never submit V1 ratings.
    admin: { own: 'allow', other: 'allow', onBehalf: 'allow' },
    gestionhumana: 'deny',
    evaluador: { own: 'allow', other: 'deny', onBehalf: 'deny' },
    colaborador: 'deny',
  },

  'GET /api/evaluation-results/evaluated/:evaluatorId': {
    cases: { own: "the caller's own id", other: "another evaluador's id" },
    ...MANAGERS,
    evaluador: { own: 'allow', other: 'deny' },
  },
  'GET /api/evaluation-results/latest/:userId': { cases: USER_ID_CASES, ...SELF_OR_MANAGERS },

  'GET /api/users/collaborators/history': MANAGERS,
  'GET /api/users/evaluation-history/:userId': { cases: USER_ID_CASES, ...SELF_OR_MANAGERS },

  'GET /api/reports': MANAGERS,
  'GET /api/reports/full/:evaluationId/:userId': { cases: USER_ID_CASES, ...SELF_OR_MANAGERS },
  'GET /api/reports/full/:evaluationId/:userId/pdf': { cases: USER_ID_CASES, ...SELF_OR_MANAGERS },
  'GET /api/reports/export': MANAGERS,

  'GET /api/training-report': MANAGERS,
  'GET /api/training-report/export': MANAGERS,
  'GET /api/dashboard/metrics': MANAGERS,
  'GET /api/audit': ADMIN,
  // The outbox (decision 033): the Correos screen.
  'GET /api/outbox': MANAGERS,
  'GET /api/outbox/:id/html': MANAGERS,
  'POST /api/outbox/:id/resend': MANAGERS,

  // The API document (http/api-docs.ts): Swagger UI's page, its assets, the JSON and YAML documents.
  'GET /api/docs': ADMIN,
  'GET /api/docs/json': ADMIN,
  'GET /api/docs/yaml': ADMIN,
  'GET /api/docs/static/*': ADMIN,
  'GET /api/docs/static/index.html': ADMIN,
  'GET /api/docs/static/swagger-initializer.js': ADMIN,
  'GET /api/docs/static/theme/api-docs-spanish.js': ADMIN,
  'GET /api/docs/static/theme/api-docs-spanish.css': ADMIN,

  // 360: scales and templates.
  'GET /api/scales': MANAGERS,
  'GET /api/templates': MANAGERS,
  'POST /api/templates': MANAGERS,
  'PUT /api/templates/:id': MANAGERS,
  'DELETE /api/templates/:id': MANAGERS,

  // 360: evaluations and their items.
  'GET /api/evaluations-v2': MANAGERS,
  'POST /api/evaluations-v2': MANAGERS,
  'POST /api/evaluations-v2/from-template': MANAGERS,
  'GET /api/evaluations-v2/:id': MANAGERS,
  'PATCH /api/evaluations-v2/:id': MANAGERS,
  'DELETE /api/evaluations-v2/:id': MANAGERS,
  'GET /api/evaluations-v2/:id/items': {
    cases: {
      own: 'an open evaluation in which the caller rates someone',
      other: 'an evaluation in which the caller rates no one',
      ownWhileDraft: 'a draft in which the caller is assigned to rate someone',
    },
    ...MANAGERS,
    evaluador: { own: 'allow', other: 'deny', ownWhileDraft: 'deny' },
    colaborador: { own: 'allow', other: 'deny', ownWhileDraft: 'deny' },
  },
  'PUT /api/evaluations-v2/:id/items': MANAGERS,
  'GET /api/evaluations-v2/:id/reminders': MANAGERS,
  'POST /api/evaluations-v2/:id/reminders': MANAGERS,

  // 360: assignments (who rates whom is for management only, the evaluatee included).
  'POST /api/assignments-v2/bulk': MANAGERS,
  'GET /api/assignments-v2/by-evaluation/:evaluationId': MANAGERS,
  'GET /api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId': {
    cases: { own: 'the caller as evaluatee', other: 'someone else as evaluatee' },
    ...MANAGERS,
  },
  // A pending assignment's relation (decision 035).
  'PATCH /api/assignments-v2/:id': MANAGERS,
  'POST /api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId': {
    cases: { own: 'the caller as evaluatee', other: 'someone else as evaluatee' },
    ...MANAGERS,
  },

  // 360: 'Reporta a' and nominations (decision 036).
  'POST /api/evaluations-v2/:evaluationId/assignments/managers': MANAGERS,
  'GET /api/evaluations-v2/:evaluationId/nominations': MANAGERS,
  'PUT /api/evaluations-v2/:evaluationId/nominations': MANAGERS,
  'POST /api/evaluations-v2/:evaluationId/nominations/participants': MANAGERS,
  'DELETE /api/evaluations-v2/:evaluationId/nominations/participants/:userId': MANAGERS,
  'GET /api/nominations/people': ANY_USER,
  'GET /api/nominations/mine': ANY_USER,
  'GET /api/nominations/:id': {
    cases: {
      own: "the caller's own nomination",
      other: 'the nomination of someone who does not report to the caller',
      assigned: 'the nomination of someone who reports to the caller',
    },
    ...MANAGERS,
    evaluador: { own: 'allow', other: 'deny', assigned: 'allow' },
    colaborador: { own: 'allow', other: 'deny', assigned: 'allow' },
  },
  'PUT /api/nominations/:id': {
    cases: { own: "the caller's own nomination", other: "someone else's (admin and HR included)" },
    anonymous: 'unauth',
    admin: { own: 'allow', other: 'deny' },
    gestionhumana: { own: 'allow', other: 'deny' },
    evaluador: { own: 'allow', other: 'deny' },
    colaborador: { own: 'allow', other: 'deny' },
  },
  'POST /api/nominations/:id/approve': {
    cases: {
      own: "the caller's own sent nomination (only admin and HR approve their own)",
      other: 'the sent nomination of someone who does not report to the caller',
      assigned: 'the sent nomination of someone who reports to the caller',
    },
    anonymous: 'unauth',
    admin: { own: 'allow', other: 'allow', assigned: 'allow' },
    gestionhumana: { own: 'allow', other: 'allow', assigned: 'allow' },
    evaluador: { own: 'deny', other: 'deny', assigned: 'allow' },
    colaborador: { own: 'deny', other: 'deny', assigned: 'allow' },
  },

  // 360: answering — everyone, but only their own assignments.
  'GET /api/evaluations-v2/assignments/mine': ANY_USER,
  'POST /api/responses-v2/submit': {
    cases: {
      own: 'an assignment whose evaluator is the caller',
      other: "someone else's assignment (admin and HR included)",
    },
    anonymous: 'unauth',
    admin: { own: 'allow', other: 'deny' },
    gestionhumana: { own: 'allow', other: 'deny' },
    evaluador: { own: 'allow', other: 'deny' },
    colaborador: { own: 'allow', other: 'deny' },
  },
  // Drafts and declines (decision 034): the assignment's evaluator only, admin and HR refused too.
  'GET /api/responses-v2/draft/:assignmentId': OWN_ASSIGNMENT,
  'PUT /api/responses-v2/draft/:assignmentId': OWN_ASSIGNMENT,
  'POST /api/responses-v2/decline': OWN_ASSIGNMENT,

  // 360: results and snapshots.
  'GET /api/evaluations-v2/results/mine': ANY_USER,
  'GET /api/evaluations-v2/:id/results/:userId': V2_RESULTS,
  'GET /api/evaluations-v2/:id/results/:userId/pdf': V2_RESULTS,
  'GET /api/evaluations-v2/:id/results/:userId/xlsx': V2_RESULTS,
  'GET /api/evaluations-v2/:id/summary': MANAGERS,
  // Releasing results (decision 038): HR decides; anyone reads their own team's list.
  'GET /api/evaluations-v2/:id/release': MANAGERS,
  'PUT /api/evaluations-v2/:id/release': MANAGERS,
  'GET /api/evaluations-v2/:id/release/people': MANAGERS,
  'PUT /api/evaluations-v2/:id/release/:userId': MANAGERS,
  'GET /api/evaluations-v2/results/team': ANY_USER,
  'GET /api/evaluations-v2/:id/insight': MANAGERS,
  'GET /api/evaluations-v2/:id/insight/xlsx': MANAGERS,
  'POST /api/evaluations-v2/:id/snapshot': MANAGERS,
  'GET /api/evaluations-v2/:id/snapshots': MANAGERS,
  'GET /api/evaluations-v2/:id/snapshots/:snapshotId': MANAGERS,
} as const satisfies Record<string, MatrixEntry>;

export type RouteKey = keyof typeof MATRIX;

/** The cases a caller is walked with on a route (see the header). */
export function casesFor(entry: MatrixEntry, caller: Caller): CaseName[] {
  const scoped = entry.cases?.own !== undefined;
  if (caller === 'anonymous') return [scoped ? 'other' : 'any'];
  const base: CaseName[] = scoped ? ['own', 'other'] : ['any'];
  const expectation = entry[caller];
  return typeof expectation === 'string' ? base : (Object.keys(expectation) as CaseName[]);
}

/** The expected outcome of one case (undefined when the table leaves it out: a table error). */
export function expected(entry: MatrixEntry, caller: Caller, c: CaseName): Outcome | undefined {
  const expectation = entry[caller];
  return typeof expectation === 'string' ? expectation : expectation[c];
}
