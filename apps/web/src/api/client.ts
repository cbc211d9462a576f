import {
  endpointUrl,
  type CallInput,
  type CallResult,
  type EndpointDef,
  type HasInput,
} from '@evalua/contracts';
import { shellMessages as messages } from '../i18n/shell-messages';

/** A failed call: `message` is the server's Spanish sentence (or the client's own). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Array<{ field: string; message: string }>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** What happens on a 401 outside /login and / (set once by the app: alert and go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function resetCsrfToken(): void {
  csrfToken = null;
}

export function readCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

const BASE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

export async function getCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken;
  let body: { csrfToken?: string } = {};
  try {
    const res = await fetch('/api/csrf-token', { credentials: 'include', headers: BASE_HEADERS });
    if (!res.ok) throw new Error(String(res.status));
    body = (await res.json()) as { csrfToken?: string };
  } catch {
    throw new ApiError(0, 'CSRF_FETCH', messages.csrfError);
  }
  // The readable CSRF cookie is `__Host-csrf` when the server runs with COOKIE_SECURE (decision 022).
  const token = body.csrfToken || readCookie('_csrf') || readCookie('__Host-csrf');
  if (!token) throw new ApiError(0, 'CSRF_MISSING', messages.csrfMissing);
  csrfToken = token;
  return token;
}

async function toError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as {
    error?: string;
    code?: string;
    details?: Array<{ field: string; message: string }>;
  } | null;
  return new ApiError(
    res.status,
    body?.code ?? 'HTTP_ERROR',
    body?.error ?? `Error ${res.status}`,
    body?.details,
  );
}

/**
 * The one fetch of the app: cookies, X-Requested-With, CSRF on mutations, the 401 rule of SPEC §8.
 * Answers the successful Response; any failure is thrown as an ApiError.
 */
async function request(method: Method, path: string, body: unknown): Promise<Response> {
  const mutating = method !== 'GET';
  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = { ...BASE_HEADERS };
    // A FormData (an upload) sets its own multipart Content-Type with the boundary.
    const form = body instanceof FormData ? body : null;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (mutating) headers['x-csrf-token'] = await getCsrfToken();
    try {
      return await fetch(path, {
        method,
        credentials: 'include',
        headers,
        ...(form ? { body: form } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiError(0, 'NETWORK', messages.networkError);
    }
  };

  let res = await send();
  let error = res.ok ? null : await toError(res);
  if (error && mutating && error.code === 'CSRF_INVALID') {
    // The token belonged to another session (login, logout, expiry): fetch a fresh one, once.
    resetCsrfToken();
    res = await send();
    error = res.ok ? null : await toError(res);
  }
  if (error) {
    const here = window.location.pathname;
    if (error.status === 401 && here !== '/login' && here !== '/') {
      onUnauthorized?.();
    }
    throw error;
  }
  return res;
}

/** A JSON call (204 answers undefined). */
async function jsonCall<T>(method: Method, path: string, body: unknown): Promise<T> {
  const res = await request(method, path, body);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A call's input as `api.call` receives it (typed per endpoint by CallInput at the call site). */
export type Input = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
};

/**
 * An endpoint named by its method and path alone, for the few calls in the entry (the session):
 * TypeScript checks both against the contract's endpoint `E`, whose input and result types the call
 * takes; at run time `api.call` reads nothing else, and the entry stays free of zod (decision 024).
 */
export function shellEndpoint<E extends EndpointDef>(ref: Pick<E, 'method' | 'path'>): E {
  return ref as E;
}

/** The arguments of a call: the input only when the endpoint has params or a body to give. */
type CallArgs<E extends EndpointDef> =
  HasInput<E> extends true ? [input: CallInput<E>] : [input?: CallInput<E>];

/** A file the server builds (PDF, spreadsheet), with the Content-Disposition it was sent with. */
export interface FileAnswer {
  blob: Blob;
  disposition: string | null;
}

/**
 * What `api` sends its calls through: fetch (below), or a stand-in that a render test sets with
 * setApiTransport (apps/web/src/test-support/fake-api.ts). The app itself never changes it.
 */
export interface ApiTransport {
  call: (endpoint: EndpointDef, input: Input | undefined) => Promise<unknown>;
  file: (endpoint: EndpointDef, input: Input | undefined) => Promise<FileAnswer>;
  /** A multipart upload (the organisation's logo): the form as the browser sends it. */
  upload: (endpoint: EndpointDef, form: FormData) => Promise<unknown>;
}

const fetchTransport: ApiTransport = {
  call: (endpoint, input = {}) =>
    jsonCall<unknown>(endpoint.method, endpointUrl(endpoint, input), input.body),
  file: async (endpoint, input) => {
    const res = await request(endpoint.method, endpointUrl(endpoint, input), undefined);
    return { blob: await res.blob(), disposition: res.headers.get('Content-Disposition') };
  },
  upload: async (endpoint, form) => {
    const res = await request(endpoint.method, endpointUrl(endpoint, {}), form);
    return res.status === 204 ? undefined : ((await res.json()) as unknown);
  },
};

let transport = fetchTransport;

/** Sends every call through `next` (a test's fake client); null goes back to fetch. */
export function setApiTransport(next: ApiTransport | null): void {
  transport = next ?? fetchTransport;
}

export const api = {
  /** Calls an endpoint of packages/contracts; input and result types come from its schemas. */
  call: <E extends EndpointDef>(endpoint: E, ...[input]: CallArgs<E>): Promise<CallResult<E>> =>
    transport.call(endpoint, input as Input | undefined) as Promise<CallResult<E>>,
  /** A file endpoint (`response: fileResponse`): the bytes and the name the server gives. */
  file: <E extends EndpointDef>(endpoint: E, ...[input]: CallArgs<E>): Promise<FileAnswer> =>
    transport.file(endpoint, input as Input | undefined),
  /** A multipart upload to an endpoint without params (its answer typed by the contract). */
  upload: <E extends EndpointDef>(endpoint: E, form: FormData): Promise<CallResult<E>> =>
    transport.upload(endpoint, form) as Promise<CallResult<E>>,
};
