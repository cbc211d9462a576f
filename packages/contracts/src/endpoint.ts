import type { z } from 'zod';

/**
 * One call of the API, written once and used by both sides (decision 024): the server registers its
 * route from it (`routeOf` in apps/server/src/http/route.ts) and the web calls it through
 * `api.call(endpoint, input)` (apps/web/src/api/client.ts), whose input and result types are
 * inferred from the schemas here. The server refuses to start when a route and its endpoint
 * disagree, and a test fails when an endpoint has no route or a route no endpoint.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify's pattern: '/api/categories/:id'. */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (200 when absent). */
  status?: 200 | 201 | 202 | 204;
  /**
   * What a success answers: a JSON schema, `noContent` (204, no body) or `fileResponse` (a PDF or
   * spreadsheet, sent as bytes with its Content-Disposition, never serialised through a schema).
   */
  response: z.ZodType | typeof noContent | typeof fileResponse;
  /** Other answers with a body of their own (not the `{error, code}` of errors): 503 of health. */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
}

/** The answer of a call that answers nothing (204). */
export const noContent = { kind: 'no-content' } as const;
/** The answer of a call that sends a file. */
export const fileResponse = { kind: 'file' } as const;

/** Declares an endpoint; `const` keeps the literal method and path in its type. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

/** Whether a value is an endpoint (for the registry that collects them). */
export function isEndpoint(value: unknown): value is EndpointDef {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<EndpointDef>;
  return (
    typeof v.method === 'string' &&
    typeof v.path === 'string' &&
    v.path.startsWith('/api/') &&
    'response' in v
  );
}

type Scalar = string | number | boolean;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** Path parameters as the web gives them: each named parameter, as text or number. */
export type ParamsInput<E extends EndpointDef> = E['params'] extends z.ZodType
  ? { [K in keyof Out<E['params']>]: string | number }
  : never;
/** Query values as the web gives them: any subset, each as its parsed value or as text. */
export type QueryInput<E extends EndpointDef> = E['query'] extends z.ZodType
  ? { [K in keyof Out<E['query']>]?: Out<E['query']>[K] | Scalar | null }
  : never;
/**
 * A body as the web sends it: what the server's schema produces (preprocessed fields such as ids
 * have `unknown` as their zod input, which would check nothing), with defaulted fields optional.
 */
export type BodyInput<E extends EndpointDef> = E['body'] extends z.ZodType
  ? OptionalDefaults<z.input<E['body']>, Out<E['body']>>
  : never;

type OptionalDefaults<I, O> = O extends readonly unknown[]
  ? O
  : O extends object
    ? { [K in keyof O as K extends RequiredKeys<I> ? K : never]: O[K] } & {
        [K in keyof O as K extends RequiredKeys<I> ? never : K]?: O[K];
      }
    : O;
/** Keys the input must have: not optional, or preprocessed (`unknown`: nothing tells, so required). */
type RequiredKeys<T> = T extends object
  ? { [K in keyof T]-?: unknown extends T[K] ? K : object extends Pick<T, K> ? never : K }[keyof T]
  : never;

/** What `api.call` takes: only the parts the endpoint has. */
export type CallInput<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: ParamsInput<E> }
  : unknown) &
  (E['query'] extends z.ZodType ? { query?: QueryInput<E> } : unknown) &
  (E['body'] extends z.ZodType ? { body: BodyInput<E> } : unknown);

/** What a JSON call answers (undefined for 204). */
export type CallResult<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** Whether a call needs an input at all. */
export type HasInput<E extends EndpointDef> = E['params'] extends z.ZodType
  ? true
  : E['body'] extends z.ZodType
    ? true
    : false;
