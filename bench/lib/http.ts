/**
 * A browser-like HTTP client over fetch for tests and benchmarks that talk to a real app process:
 * keeps the cookies, sends the CSRF token on mutations, and never hangs (every call has a deadline).
 */

export interface HttpResponse {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
  headers: Headers;
}

export class HttpError extends Error {}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class Session {
  readonly cookies = new Map<string, string>();

  /** `origin` may change (the same browser talking to another instance behind a load balancer). */
  constructor(
    public origin: string,
    private readonly timeoutMs = 30_000,
  ) {}

  /** A client sharing nothing with this one but the cookies copied now. */
  copyTo(origin: string): Session {
    const other = new Session(origin, this.timeoutMs);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The CSRF token the server gave this browser (the `_csrf` cookie). */
  get csrfToken(): string | undefined {
    return this.cookies.get('_csrf');
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired =
        value === '' ||
        attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attrs.some((a) => {
          const m = /^\s*expires=(.*)$/i.exec(a);
          return m !== null && Date.parse(m[1]!) < Date.now();
        });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, body?: unknown): Promise<HttpResponse> {
    if (MUTATING.has(method) && this.csrfToken === undefined) await this.request('GET', '/api/csrf-token');
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (MUTATING.has(method)) headers['x-csrf-token'] = this.csrfToken ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.origin + path, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new HttpError(`${method} ${path}: ${(err as Error).name} ${cause ?? (err as Error).message}`, {
        cause: err,
      });
    }
    this.remember(res.headers);
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body);
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body);
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body);
  }

  async login(email: string, password: string): Promise<HttpResponse> {
    return this.post('/api/users/login', { email, password });
  }
}

/** The call must answer `status`; returns its JSON body. */
export async function expectStatus<T>(call: Promise<HttpResponse>, status: number, what: string): Promise<T> {
  const res = await call;
  if (res.status !== status) throw new HttpError(`${what}: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body as T;
}

/** Runs `fn` over `items` with at most `limit` calls in flight. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
