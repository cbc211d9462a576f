import type { Role } from '@evalua/contracts';

/**
 * The authorization matrix (DESIGN §4): for every /api route the app registers, the answer each kind
 * of caller gets. Its rows are the `authz` cases of each module (src/modules/<m>/<m>.cases.ts, keyed
 * by endpoint; test/cases.ts), collected by test/cases-registry.ts; the expectations shared by many
 * routes are here.
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
export const OWN_ASSIGNMENT = {
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
export const PUBLIC = {
  anonymous: 'allow',
  admin: 'allow',
  gestionhumana: 'allow',
  evaluador: 'allow',
  colaborador: 'allow',
} as const satisfies MatrixEntry;

/** Any logged-in user. */
export const ANY_USER = { ...PUBLIC, anonymous: 'unauth' } as const satisfies MatrixEntry;

/** Management: admin and gestionhumana only. */
export const MANAGERS = {
  anonymous: 'unauth',
  admin: 'allow',
  gestionhumana: 'allow',
  evaluador: 'deny',
  colaborador: 'deny',
} as const satisfies MatrixEntry;

/** Admin only: the audit log (decision 019) and the API document. */
export const ADMIN = { ...MANAGERS, gestionhumana: 'deny' } as const satisfies MatrixEntry;

/** A V1 user id in the path: the user themself, or admin/HR (assertSelfOrRoles). */
export const SELF_OR_MANAGERS = {
  ...MANAGERS,
  evaluador: { own: 'allow', other: 'deny', assigned: 'deny' },
  colaborador: { own: 'allow', other: 'deny' },
} as const satisfies MatrixEntry;
export const USER_ID_CASES = {
  own: "the caller's own id",
  other: 'a colaborador not assigned to the caller',
  assigned: "the evaluador's assigned colaborador (evaluators do not read their results)",
} as const;

/** A 360 evaluatee's results: admin/HR, or the evaluatee once the evaluation is closed. */
export const V2_RESULTS = {
  cases: {
    own: "the caller's own results in a closed evaluation",
    other: "someone else's results in a closed evaluation",
    ownWhileOpen: "the caller's own results while the evaluation is still open",
  },
  ...MANAGERS,
  evaluador: { own: 'allow', other: 'deny', ownWhileOpen: 'deny' },
  colaborador: { own: 'allow', other: 'deny', ownWhileOpen: 'deny' },
} as const satisfies MatrixEntry;

export const ADMIN_ACCOUNT_CASES = {
  any: 'a colaborador account',
  adminAccount: 'an administrator account (only an admin creates, edits or deactivates one)',
} as const;

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
