import { endpointUrl, type EndpointDef, type ParamsInput } from '@evalua/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { Fixtures } from './authz/fixtures';
import type { Caller, CaseName, MatrixEntry } from './authz/matrix';
import type { TestClient } from './client';
import type { TestContext } from './context';
import type { Ids } from './robustness/world';

/**
 * The cases every route answers for (issue 28), written beside the module that serves it
 * (`src/modules/<m>/<m>.cases.ts`) and keyed by its endpoint object from @evalua/contracts:
 * - authz: who may call it (the authorization matrix, test/authz/matrix.test.ts);
 * - audit: the audit entry a call writes (src/modules/audit/audit.test.ts);
 * - robustness: a valid input to fuzz from (test/robustness/fuzz.test.ts).
 * test/cases-registry.ts collects them; each of those tests fails when a route has no case.
 */

/** A route: an endpoint of the contracts, or one of the API document's own (Swagger's). */
export type Route = Pick<EndpointDef, 'method' | 'path'>;

type Query = Readonly<Record<string, string | number | boolean>>;
type ParamsPart<E> = E extends EndpointDef
  ? E['params'] extends z.ZodType
    ? { params: ParamsInput<E> }
    : { params?: undefined }
  : { params?: Readonly<Record<string, string | number>> };
/** What fills a route's URL: its path parameters (all of them, typed by the endpoint) and a query. */
export type UrlParts<E extends Route = Route> = ParamsPart<E> & { query?: Query };
type PartsArg<E extends Route> = object extends UrlParts<E> ? [parts?: UrlParts<E>] : [parts: UrlParts<E>];

/**
 * The URL of a call (contracts' endpointUrl, as the web builds it), its parameters typed by the
 * endpoint; a final `*` (Swagger's assets) is filled from `params['*']`. A parameter the path does
 * not have throws, as a missing one does: the case would name another route.
 */
export function urlOf<const E extends Route>(endpoint: E, ...[parts]: PartsArg<E>): string {
  const params: Readonly<Record<string, string | number>> = parts?.params ?? {};
  const wildcard = endpoint.path.endsWith('*');
  const named = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const extra = Object.keys(params).filter((k) => !named.includes(k) && !(wildcard && k === '*'));
  if (extra.length > 0)
    throw new Error(`${endpoint.method} ${endpoint.path} no tiene los parámetros ${extra.join(', ')}`);
  const url = endpointUrl(endpoint, { params, ...(parts?.query ? { query: parts.query } : {}) });
  if (!wildcard) return url;
  if (params['*'] === undefined) throw new Error(`Falta el parámetro * de ${endpoint.path}`);
  return url.replace('*', String(params['*']));
}

// --- Authorization -------------------------------------------------------------------------------

/**
 * How to call a route as `caller` in case `c`: the URL's parts with real ids, and a body that would
 * succeed for a caller the route allows. Writes act on records made for the one request (a
 * throwaway category, user, draft…), so the walk never changes what later requests read.
 */
export type AuthzRequest<E extends Route = Route> = UrlParts<E> & {
  body?: unknown;
  /** Send from a new session of the same caller (login and logout would end the shared one). */
  freshSession?: boolean;
  /**
   * The status an allowed call answers when it is not a 2xx (the content, not the caller, is the
   * reason: no such data, setup already done…). Without it an allowed call must answer 2xx.
   */
  status?: number;
};

/** One row of the authorization matrix (test/authz/matrix.ts explains the outcomes and cases). */
export interface AuthzCase<E extends Route = Route> extends MatrixEntry {
  endpoint: E;
  request(f: Fixtures, caller: Caller, c: CaseName): AuthzRequest<E> | Promise<AuthzRequest<E>>;
}

/** An authorization case whose request's parameters are checked against its endpoint's. */
export function authz<const E extends EndpointDef>(c: AuthzCase<E>): AuthzCase {
  return c as unknown as AuthzCase;
}

// --- Audit ---------------------------------------------------------------------------------------

/** One audit entry a call must leave; before/after are matched as subsets (null: must be null). */
export interface ExpectedEntry {
  action: string;
  entity: string;
  entity_id: number | unknown;
  user: number;
  before?: Record<string, unknown> | unknown[] | null;
  after?: Record<string, unknown> | unknown[] | null;
}

export interface AuditOutcome {
  res: LightMyRequestResponse;
  status: number;
  /** What the call writes to the log, in order ([]: a call that must write nothing). */
  entries: ExpectedEntry[];
}

/** What an audit case gets: the database, an administrator and an HR user, logged in. */
export interface AuditEnv {
  ctx: TestContext;
  admin: TestClient;
  adminId: number;
  hr: TestClient;
  hrId: number;
  /** Everything written to the log before this call is not the case's business. */
  mark(): Promise<void>;
}

/** A representative successful call of a mutating route and the audit entries it must leave. */
export interface AuditCase {
  endpoint: EndpointDef;
  run(env: AuditEnv): Promise<AuditOutcome>;
}

// --- Robustness ----------------------------------------------------------------------------------

/** The valid input the fuzzing of a route starts from (test/robustness/world.ts builds the rows). */
export interface RobustnessCase<E extends EndpointDef = EndpointDef> {
  endpoint: E;
  /** Real rows for the path parameters (without it each gets the category's id). */
  params?: (ids: Ids) => ParamsInput<E>;
  /** A valid body (required for a route with a body schema). */
  body?: (ids: Ids) => unknown;
  /** Who sends the cases: admin unless the route is only meaningful for someone else. */
  actor?: 'rater';
}

/** A robustness case whose parameters are checked against its endpoint's. */
export function fuzz<const E extends EndpointDef>(c: RobustnessCase<E>): RobustnessCase {
  return c as unknown as RobustnessCase;
}

// --- A module's cases ----------------------------------------------------------------------------

export interface ModuleCases {
  authz: readonly AuthzCase[];
  audit?: readonly AuditCase[];
  robustness?: readonly RobustnessCase[];
}

/** A module's cases (its `<module>.cases.ts` default export). */
export function defineCases(cases: ModuleCases): ModuleCases {
  return cases;
}
