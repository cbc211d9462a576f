import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Send no CSRF header (to test the refusal). */
  noCsrf?: boolean;
  csrfToken?: string;
  headers?: Record<string, string>;
  /** Raw payload instead of JSON. */
  payload?: string | Buffer;
  /**
   * The test provokes a server failure on purpose (a failing trigger, a full queue): a 5xx answer is
   * then returned. Otherwise any 5xx fails the test at once, whatever it asserts afterwards.
   */
  expect5xx?: boolean;
}

/** A 5xx the test did not ask for: a bug in the server, never an answer to check. */
export class UnexpectedServerError extends Error {
  constructor(method: string, url: string, res: LightMyRequestResponse) {
    super(`Unexpected ${res.statusCode} on ${method} ${url}: ${res.body.slice(0, 500)}`);
    this.name = 'UnexpectedServerError';
  }
}

/** A browser-like client over inject: keeps cookies, fetches and sends the CSRF token on mutations. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private csrf: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  private remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired =
        c.value === '' || (c.expires !== undefined && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async csrfToken(): Promise<string> {
    const res = await this.app.inject({
      method: 'GET',
      url: '/api/csrf-token',
      headers: { cookie: this.cookieHeader() },
    });
    this.remember(res);
    this.csrf = (res.json() as { csrfToken: string }).csrfToken;
    return this.csrf;
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && !opts.noCsrf) {
      headers['x-csrf-token'] = opts.csrfToken ?? this.csrf ?? (await this.csrfToken());
      if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    }
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(opts.payload !== undefined
        ? { payload: opts.payload }
        : body !== undefined
          ? { payload: body as object }
          : {}),
    });
    this.remember(res);
    if (res.statusCode >= 500 && !opts.expect5xx) throw new UnexpectedServerError(method, url, res);
    return res;
  }

  get(url: string, opts?: RequestOptions) {
    return this.request('GET', url, undefined, opts);
  }
  post(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('POST', url, body, opts);
  }
  put(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('PUT', url, body, opts);
  }
  patch(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('PATCH', url, body, opts);
  }
  delete(url: string, opts?: RequestOptions) {
    return this.request('DELETE', url, undefined, opts);
  }

  /** Logs in; the CSRF token changes with the session, so the cached one is dropped. */
  async login(email: string, password: string, opts?: RequestOptions): Promise<LightMyRequestResponse> {
    const res = await this.post('/api/users/login', { email, password }, opts);
    this.csrf = undefined;
    return res;
  }

  forgetCsrf(): void {
    this.csrf = undefined;
  }
}
