import {
  endpointName,
  endpointUrl,
  readAnswer,
  successStatus,
  type Answer,
  type CallInput,
  type EndpointDef,
  type HasInput,
} from '@evalua/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { RequestOptions, TestClient } from './client';

/**
 * A call of the API through its endpoint object of @evalua/contracts (issue 28), as the web makes it:
 * the URL from the endpoint's path and the input's params and query, the body typed by the contract,
 * and the answer read through the endpoint's response schema (any other status through the error
 * shape). It goes through TestClient.request, so the CSRF token is sent on mutations and any 5xx the
 * test did not ask for fails it. A test that sends what the contract forbids keeps client.post(…).
 */

/** An answer of either kind (`ok` tells), with the raw response for headers, cookies and bytes. */
export type Reply<E extends EndpointDef> = Answer<E> & { res: LightMyRequestResponse };

/** The input and options, the input left out when the endpoint has no params and no body. */
type CallArgs<E extends EndpointDef> =
  HasInput<E> extends true
    ? [input: CallInput<E>, opts?: RequestOptions]
    : [input?: CallInput<E>, opts?: RequestOptions];

interface Given {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Calls `endpoint` and reads whatever it answers (a file endpoint's bytes stay in `res`). */
export async function reply<E extends EndpointDef>(
  client: TestClient,
  endpoint: E,
  ...[input, opts]: CallArgs<E>
): Promise<Reply<E>> {
  const given = (input ?? {}) as Given;
  const res = await client.request(endpoint.method, endpointUrl(endpoint, given), given.body, opts);
  const isFile = 'kind' in endpoint.response && endpoint.response.kind === 'file';
  const json: unknown = res.body === '' || (isFile && res.statusCode < 300) ? undefined : res.json();
  return { ...readAnswer(endpoint, res.statusCode, json), res };
}

function unexpected(
  endpoint: EndpointDef,
  wanted: number,
  got: { status: number; res: LightMyRequestResponse },
): Error {
  return new Error(
    `${endpointName(endpoint)} respondió ${got.status} en lugar de ${wanted}: ${got.res.body.slice(0, 500)}`,
  );
}

/**
 * Calls `endpoint` and answers its body read through the response schema. Any status but the
 * endpoint's success status fails, naming the call and what the server said.
 */
export async function call<E extends EndpointDef>(
  client: TestClient,
  endpoint: E,
  ...args: CallArgs<E>
): Promise<Reply<E> & { ok: true }> {
  const answer = await reply(client, endpoint, ...args);
  if (!answer.ok) throw unexpected(endpoint, successStatus(endpoint), answer);
  return answer;
}

/**
 * Calls `endpoint` expecting it to refuse with `status` (409, 403…): any other status fails, and
 * the body must be the error shape. A 5xx expected here needs no `expect5xx`.
 */
export async function callExpecting<E extends EndpointDef>(
  client: TestClient,
  endpoint: E,
  input: CallInput<E>,
  status: number,
  opts: RequestOptions = {},
): Promise<Reply<E> & { ok: false }> {
  const withFive = { ...opts, expect5xx: opts.expect5xx ?? status >= 500 };
  const answer = await reply(client, endpoint, ...([input, withFive] as CallArgs<E>));
  if (answer.ok || answer.status !== status) throw unexpected(endpoint, status, answer);
  return answer;
}

/** The status a call answers, its body checked against the contract either way. */
export async function statusOf<E extends EndpointDef>(
  client: TestClient,
  endpoint: E,
  ...args: CallArgs<E>
): Promise<number> {
  return (await reply(client, endpoint, ...args)).status;
}
