import { z } from 'zod';
import type { CallResult, EndpointDef } from './endpoint';
import { errorBodySchema, type ErrorBody } from './errors';
import type { Paged } from './common';
import { endpointName, successStatus } from './url';

/**
 * An answer of the API read through its endpoint's own schemas, for the callers that check what the
 * server sends (the server tests' `call(client, …)`, the e2e's `call(page, …)`; issue 28). The web
 * does not re-validate at run time (decision 024). Pure functions: no fetch, no DOM, no Node.
 */

/** An answer that breaks its endpoint's contract: names the endpoint and what is wrong. */
export class ContractViolation extends Error {
  constructor(
    endpoint: Pick<EndpointDef, 'method' | 'path'>,
    readonly problem: string,
  ) {
    super(`${endpointName(endpoint)} respondió fuera de su contrato: ${problem}`);
    this.name = 'ContractViolation';
  }
}

/** Two JSON values alike (objects compared key by key, whatever the order; undefined keys absent). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const entries = (v: object) => Object.entries(v).filter(([, x]) => x !== undefined);
  const ea = entries(a);
  const eb = new Map(entries(b));
  return ea.length === eb.size && ea.every(([k, x]) => eb.has(k) && sameJson(x, eb.get(k)));
}

function isSchema(response: EndpointDef['response']): response is z.ZodType {
  return 'safeParse' in response;
}

/** Parses `json` with `schema`; a failure, or a field the schema does not declare, throws. */
function parseExactly<T>(endpoint: EndpointDef, schema: z.ZodType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ContractViolation(endpoint, `\n${z.prettifyError(parsed.error)}`);
  // Parsing drops fields the schema does not declare: the answer must have none, or a check reading
  // the parsed value (e.g. "no comment leaks") would not see what the server really sent.
  if (!sameJson(parsed.data, json)) {
    throw new ContractViolation(endpoint, 'campos que el contrato no declara o valores que cambia');
  }
  return parsed.data;
}

/**
 * A successful answer's body read through the endpoint's response schema: the value returned is
 * exactly what the server sent, typed by the contract. A 204 endpoint's answer must be empty
 * (`undefined`); a file endpoint has no JSON to read.
 */
export function parseResponse<E extends EndpointDef>(endpoint: E, json: unknown): CallResult<E> {
  const response: EndpointDef['response'] = endpoint.response;
  if (!isSchema(response)) {
    if (response.kind === 'file') throw new Error(`${endpointName(endpoint)} responde un archivo, no JSON`);
    if (json !== undefined) throw new ContractViolation(endpoint, 'un cuerpo donde no va ninguno (204)');
    return undefined as CallResult<E>;
  }
  return parseExactly(endpoint, response, json) as CallResult<E>;
}

/** A failed answer's body: the `{error, code, details?}` every error of the API has. */
export function parseErrorResponse(endpoint: EndpointDef, json: unknown): ErrorBody {
  return parseExactly(endpoint, errorBodySchema, json);
}

/**
 * The whole list a listing endpoint answers when no page is asked for (`z.union([list, paged])`):
 * a page where the whole list was expected throws.
 */
export function wholeList<T>(answer: readonly T[] | Paged<T>): T[] {
  if (!Array.isArray(answer)) throw new Error('Se esperaba la lista completa y llegó una página');
  return [...(answer as readonly T[])];
}

/** The page a listing endpoint answers when asked for one (?page=): the whole list throws. */
export function onePage<T>(answer: readonly T[] | Paged<T>): Paged<T> {
  if (Array.isArray(answer)) throw new Error('Se esperaba una página y llegó la lista completa');
  return answer as Paged<T>;
}

/** An answer of either kind, told apart by `ok`: the contract's body, or the error shape. */
export type Answer<E extends EndpointDef> =
  { ok: true; status: number; body: CallResult<E> } | { ok: false; status: number; body: ErrorBody };

/**
 * An answer read by its status: the endpoint's success status with the body its contract describes
 * (a file endpoint's bytes are not read: `undefined`), any other with the error shape. A body
 * outside both throws.
 */
export function readAnswer<E extends EndpointDef>(endpoint: E, status: number, json: unknown): Answer<E> {
  if (status !== successStatus(endpoint))
    return { ok: false, status, body: parseErrorResponse(endpoint, json) };
  const isFile = !isSchema(endpoint.response) && endpoint.response.kind === 'file';
  return { ok: true, status, body: isFile ? (undefined as CallResult<E>) : parseResponse(endpoint, json) };
}
