import type { EndpointDef } from './endpoint';

/**
 * The address of a call, shared by whoever calls the API (the web's `api.call`, the server tests'
 * `call(client, …)`, the e2e's `call(page, …)`; issue 28). Free of zod: the web's entry imports it
 * and must load no schema (decision 024). Reading the answer is in response.ts.
 */

/** The parts of a call that make its address (typed per endpoint by CallInput at the call site). */
export interface UrlInput {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, unknown>>;
}

/** 'POST /api/categories': how messages name an endpoint. */
export function endpointName(endpoint: Pick<EndpointDef, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/**
 * The address of a call: the endpoint's path with each `:name` filled in (encoded), then the query
 * values that are set (undefined, null and '' are left out). A missing parameter is a programming
 * error, thrown before any request.
 */
export function endpointUrl(endpoint: Pick<EndpointDef, 'path'>, input: UrlInput = {}): string {
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The status a successful call answers: its own, else 204 for no content and 200 otherwise. */
export function successStatus(endpoint: Pick<EndpointDef, 'status' | 'response'>): number {
  return (
    endpoint.status ?? ('kind' in endpoint.response && endpoint.response.kind === 'no-content' ? 204 : 200)
  );
}
