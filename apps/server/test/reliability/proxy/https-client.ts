import https from 'node:https';
import { performance } from 'node:perf_hooks';

/**
 * A browser-like HTTPS client for talking to nginx: keeps the cookies the app sets (the Secure
 * `__Host-` ones), sends the CSRF token on mutations, trusts only the test's own certificate, and
 * records every call with its timing (performance.now()) and nginx's X-Request-Id, so that a failure
 * can be matched with nginx's access log line (which instance it went to).
 */

export interface CallRecord {
  method: string;
  path: string;
  /** performance.now() when the call was made and when it ended. */
  start: number;
  end: number;
  /** The HTTP status, or null when no response came (the error is in `error`). */
  status: number | null;
  error?: string;
  /** nginx's $request_id (its access log has the same). */
  requestId?: string;
  /**
   * The first attempt went out on a kept-alive connection that nginx had closed (an old worker
   * exiting after a reload) and was sent again on a new one, as browsers do (see `request`).
   */
  resent?: true;
  body: unknown;
  text: string;
  setCookies: string[];
}

export interface HttpsClientOptions {
  /** e.g. https://127.0.0.1:8443 */
  origin: string;
  /** The PEM certificate to trust (the self-signed one nginx serves). */
  ca: string;
  /** The source address of the connections (127.0.0.2…): the "client's address". */
  localAddress?: string;
  /** Reuse connections to nginx, as a browser does (default true). */
  keepAlive?: boolean;
  timeoutMs?: number;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_COOKIES = ['__Host-csrf', '_csrf'];

export class HttpsClient {
  readonly cookies = new Map<string, string>();
  readonly agent: https.Agent;

  constructor(readonly options: HttpsClientOptions) {
    this.agent = new https.Agent({
      keepAlive: options.keepAlive ?? true,
      maxSockets: 4,
      ca: options.ca,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
  }

  /** Another client (own connections) holding the same cookies: the same browser session. */
  copy(overrides: Partial<HttpsClientOptions> = {}): HttpsClient {
    const other = new HttpsClient({ ...this.options, ...overrides });
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  close(): void {
    this.agent.destroy();
  }

  get csrfToken(): string | undefined {
    for (const name of CSRF_COOKIES) {
      const v = this.cookies.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  private remember(setCookies: string[]): void {
    for (const line of setCookies) {
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

  /** One call; never throws (a transport error is a record with status null). */
  async request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<CallRecord> {
    if (MUTATING.has(method) && this.csrfToken === undefined) await this.request('GET', '/api/csrf-token');
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (MUTATING.has(method)) headers['x-csrf-token'] = this.csrfToken ?? '';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const start = performance.now();
    const first = await this.attempt(method, path, headers, payload);
    if (!first.staleConnection) return { method, path, start, end: performance.now(), ...first.result };
    // HTTP/1.1's keep-alive race: nginx closed this idle connection (a worker of the previous
    // configuration exiting after a reload, or keepalive_timeout) just as the request was written
    // on it; the reset came before any answer, so nginx read nothing of it. Browsers send such a
    // request again on a new connection (Chromium for any method when a reused connection fails
    // before the response headers; over HTTP/2 nginx's GOAWAY says what was not processed), and
    // Node documents the same check (request.reusedSocket). Only this case is resent.
    const second = await this.attempt(method, path, headers, payload);
    return { method, path, start, end: performance.now(), resent: true, ...second.result };
  }

  private attempt(
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: string | undefined,
  ): Promise<{ staleConnection: boolean; result: Omit<CallRecord, 'method' | 'path' | 'start' | 'end'> }> {
    const url = new URL(path, this.options.origin);
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: Omit<CallRecord, 'method' | 'path' | 'start' | 'end'>, staleConnection = false) => {
        if (settled) return;
        settled = true;
        resolve({ staleConnection, result: r });
      };
      const failed = (error: string) => ({ status: null, error, body: undefined, text: '', setCookies: [] });
      let answered = false;
      const req = https.request(
        url,
        { method, headers, agent: this.agent, timeout: this.options.timeoutMs ?? 30_000 },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => done(failed(`response: ${err.message}`)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = text === '' ? undefined : JSON.parse(text);
            } catch {
              parsed = undefined;
            }
            const setCookies = res.headers['set-cookie'] ?? [];
            this.remember(setCookies);
            const rid = res.headers['x-request-id'];
            done({
              status: res.statusCode ?? null,
              ...(typeof rid === 'string' ? { requestId: rid } : {}),
              body: parsed,
              text,
              setCookies,
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (err: NodeJS.ErrnoException) => {
        const stale = req.reusedSocket && !answered && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
        done(failed(`${err.code ?? ''} ${err.message}`.trim()), stale);
      });
      req.end(payload);
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  login(email: string, password: string, headers?: Record<string, string>) {
    return this.post('/api/users/login', { email, password }, headers);
  }
}

/** The call must have answered `status`; returns its JSON body. */
export function expectOk<T>(record: CallRecord, status: number): T {
  if (record.status !== status) {
    throw new Error(
      `${record.method} ${record.path}: expected ${status}, got ${record.status ?? record.error} ${record.text.slice(0, 300)}`,
    );
  }
  return record.body as T;
}
