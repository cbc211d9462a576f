import type { CallInput, CallResult, EndpointDef, HasInput } from '@evalua/contracts';
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

export interface CallOptions {
  /** A 401 here means "not logged in", not "session expired" (the session probe). */
  quietUnauthorized?: boolean;
}

/**
 * The one fetch of the app: cookies, X-Requested-With, CSRF on mutations, the 401 rule of SPEC §8.
 * Answers the successful Response; any failure is thrown as an ApiError.
 */
async function request(method: Method, path: string, body: unknown, opts: CallOptions): Promise<Response> {
  const mutating = method !== 'GET';
  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = { ...BASE_HEADERS };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (mutating) headers['x-csrf-token'] = await getCsrfToken();
    try {
      return await fetch(path, {
        method,
        credentials: 'include',
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
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
    if (error.status === 401 && !opts.quietUnauthorized && here !== '/login' && here !== '/') {
      onUnauthorized?.();
    }
    throw error;
  }
  return res;
}

/** A JSON call (204 answers undefined). */
async function jsonCall<T>(method: Method, path: string, body: unknown, opts: CallOptions): Promise<T> {
  const res = await request(method, path, body, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

type Input = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

/**
 * The address of a call: the endpoint's path with each `:name` filled in (encoded), then the query
 * values that are set. A missing parameter is a programming error, thrown before any request.
 */
export function urlOf(endpoint: EndpointDef, input: Input = {}): string {
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
  HasInput<E> extends true
    ? [input: CallInput<E>, opts?: CallOptions]
    : [input?: CallInput<E>, opts?: CallOptions];

/** A file the server builds (PDF, spreadsheet), with the Content-Disposition it was sent with. */
export interface FileAnswer {
  blob: Blob;
  disposition: string | null;
}

export const api = {
  /** Calls an endpoint of packages/contracts; input and result types come from its schemas. */
  call: <E extends EndpointDef>(endpoint: E, ...[input, opts]: CallArgs<E>): Promise<CallResult<E>> => {
    const given = (input ?? {}) as Input;
    return jsonCall<CallResult<E>>(endpoint.method, urlOf(endpoint, given), given.body, opts ?? {});
  },
  /** A file endpoint (`response: fileResponse`): the bytes and the name the server gives. */
  file: async <E extends EndpointDef>(endpoint: E, ...[input, opts]: CallArgs<E>): Promise<FileAnswer> => {
    const res = await request(
      endpoint.method,
      urlOf(endpoint, (input ?? {}) as Input),
      undefined,
      opts ?? {},
    );
    return { blob: await res.blob(), disposition: res.headers.get('Content-Disposition') };
  },
};
