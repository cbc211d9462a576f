import {
  authEndpoints,
  endpointName,
  endpointUrl,
  readAnswer,
  successStatus,
  type Answer,
  type CallInput,
  type CallResult,
  type EndpointDef,
  type ErrorBody,
  type HasInput,
} from '@evalua/contracts';
import type { APIResponse, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A call of the API from a signed-in page, through its endpoint object of @evalua/contracts (issue
 * 28): the session's cookies (`page.request`), 'X-Requested-With' always and the CSRF token of
 * GET /api/csrf-token on mutations, as the web sends them; the answer read through the endpoint's
 * response schema, so what a test compares with the screen is what the server promises.
 */

type CallArgs<E extends EndpointDef> =
  HasInput<E> extends true ? [input: CallInput<E>] : [input?: CallInput<E>];

interface Given {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function send(page: Page, endpoint: EndpointDef, input: unknown): Promise<APIResponse> {
  const given = (input ?? {}) as Given;
  const headers: Record<string, string> = { ...XHR };
  if (endpoint.method !== 'GET')
    headers['x-csrf-token'] = (await call(page, authEndpoints.csrfToken)).csrfToken;
  return page.request.fetch(endpointUrl(endpoint, given), {
    method: endpoint.method,
    headers,
    ...(given.body !== undefined ? { data: given.body } : {}),
  });
}

async function jsonOf(res: APIResponse): Promise<unknown> {
  const text = await res.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Calls `endpoint` and reads the answer, whichever it is: the success status with the body the
 * contract describes, or another status with the error shape (a body outside both fails).
 */
export async function answerOf<E extends EndpointDef>(
  page: Page,
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<Answer<E>> {
  const res = await send(page, endpoint, input);
  return readAnswer(endpoint, res.status(), await jsonOf(res));
}

/** What a failed expectation shows: the call and what the server answered. */
const shown = (endpoint: EndpointDef, answer: { body: unknown }) =>
  `${endpointName(endpoint)}: ${JSON.stringify(answer.body)}`;

/**
 * Calls `endpoint` and answers its body read through the response schema. Any status but the
 * endpoint's success status fails the test, naming the call; so does a body outside the contract.
 */
export async function call<E extends EndpointDef>(
  page: Page,
  endpoint: E,
  ...args: CallArgs<E>
): Promise<CallResult<E>> {
  const answer = await answerOf(page, endpoint, ...args);
  expect(answer.status, shown(endpoint, answer)).toBe(successStatus(endpoint));
  if (!answer.ok) throw new Error(shown(endpoint, answer));
  return answer.body;
}

/** Calls `endpoint` expecting it to refuse with `status`; answers the `{error, code}` body. */
export async function callExpecting<E extends EndpointDef>(
  page: Page,
  endpoint: E,
  input: CallInput<E>,
  status: number,
): Promise<ErrorBody> {
  const answer = await answerOf(page, endpoint, ...([input] as CallArgs<E>));
  expect(answer.status, shown(endpoint, answer)).toBe(status);
  if (answer.ok) throw new Error(shown(endpoint, answer));
  return answer.body;
}
