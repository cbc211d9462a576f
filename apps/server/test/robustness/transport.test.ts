import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../context';
import { DEFAULT_PASSWORD, createUser } from '../factories';

/**
 * Penetration test, issue 13 (decision 022): what a client that is slow on purpose gets, on the
 * real app listening on a loopback port and spoken to through raw sockets. The limits are set short
 * for the test (REQUEST_TIMEOUT_SECONDS=3, HEADERS_TIMEOUT_SECONDS=2, KEEP_ALIVE_TIMEOUT_SECONDS=1);
 * no duration is asserted, only what happens: a dribbled body or dribbled headers are answered 408
 * and the connection is closed long before they could be complete, an idle keep-alive connection is
 * closed, and an upload that keeps a steady pace within the limit succeeds. Also: headers over
 * 16 KiB (431) and malformed HTTP (400) get the Spanish {error, code} body.
 */

const LIMITS = {
  requestTimeoutSeconds: 3,
  headersTimeoutSeconds: 2,
  keepAliveTimeoutSeconds: 1,
  connectionTimeoutSeconds: 30,
};
/** Longest a test waits for the server to act before it fails (far beyond every limit above). */
const GIVE_UP_MS = 20_000;

interface Conversation {
  socket: net.Socket;
  /** Everything the server wrote, as text. */
  received(): string;
  /** Resolves when the server closed the connection; `true` unless the test gave up first. */
  closed: Promise<boolean>;
  /** Bytes the client wrote. */
  sent(): number;
}

function connect(port: number): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let written = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    const closed = new Promise<boolean>((done) => {
      const giveUp = setTimeout(() => {
        socket.destroy();
        done(false);
      }, GIVE_UP_MS);
      socket.on('close', () => {
        clearTimeout(giveUp);
        done(true);
      });
    });
    socket.on('error', () => undefined);
    const write = socket.write.bind(socket);
    socket.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      return write(chunk, ...rest);
    }) as typeof socket.write;
    socket.once('connect', () => resolve({ socket, received: () => data, closed, sent: () => written }));
    socket.once('error', reject);
  });
}

/** Writes `piece` every `everyMs` until the server closes the connection (or `times` pieces went out). */
function dribble(c: Conversation, piece: string, everyMs: number, times = Infinity): Promise<void> {
  return new Promise((resolve) => {
    let n = 0;
    const timer = setInterval(() => {
      if (c.socket.destroyed || !c.socket.writable || n >= times) {
        clearInterval(timer);
        resolve();
        return;
      }
      c.socket.write(piece);
      n += 1;
    }, everyMs);
    void c.closed.then(() => {
      clearInterval(timer);
      resolve();
    });
  });
}

function parseResponse(text: string): { status: number; headers: string; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
    headers: head.toLowerCase(),
    body: end === -1 ? '' : text.slice(end + 4),
  };
}

const TIMEOUT_BODY = {
  error: 'La solicitud tardó demasiado en llegar. Revisa la conexión e inténtalo de nuevo.',
  code: 'REQUEST_TIMEOUT',
};

describeEngines(
  'slow clients on a listening server',
  (t) => {
    let port = 0;
    beforeAll(async () => {
      await t().app.listen({ host: '127.0.0.1', port: 0 });
      port = (t().app.server.address() as AddressInfo).port;
    });

    it('50 connections dribbling a body one byte at a time are answered 408 and closed', async () => {
      const head =
        'POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"email":"';
      const conversations = await Promise.all(Array.from({ length: 50 }, () => connect(port)));
      for (const c of conversations) c.socket.write(head);
      await Promise.all(conversations.map((c) => dribble(c, 'x', 100)));
      for (const c of conversations) {
        expect(await c.closed, 'closed by the server').toBe(true);
        // The body was far from complete: the server did not wait for it.
        expect(c.sent()).toBeLessThan(head.length + 1000);
        const res = parseResponse(c.received());
        expect(res.status, c.received()).toBe(408);
        expect(res.headers).toContain('content-type: application/json');
        expect(JSON.parse(res.body)).toEqual(TIMEOUT_BODY);
      }
    });

    it('headers dribbled one line at a time (slowloris) are answered 408 and closed', async () => {
      const c = await connect(port);
      c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await dribble(c, 'X-Lento: 1\r\n', 100);
      expect(await c.closed).toBe(true);
      const res = parseResponse(c.received());
      expect(res.status, c.received()).toBe(408);
      expect(JSON.parse(res.body)).toEqual(TIMEOUT_BODY);
    });

    it('an idle keep-alive connection is closed after its request', async () => {
      const c = await connect(port);
      c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      expect(await c.closed).toBe(true);
      expect(parseResponse(c.received()).status).toBe(200);
    });

    it('a slow but steady upload (20 kB over about a second) within the limit succeeds', async () => {
      const user = await createUser(t(), { role: 'evaluador' });
      // The CSRF token and its cookie, as a browser gets them.
      const tokenRes = await fetch(`http://127.0.0.1:${port}/api/csrf-token`);
      const csrf = ((await tokenRes.json()) as { csrfToken: string }).csrfToken;
      const cookie = tokenRes.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const body = JSON.stringify({
        email: user.email,
        password: DEFAULT_PASSWORD,
        relleno: 'x'.repeat(20_000),
      });
      const c = await connect(port);
      c.socket.write(
        `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${csrf}\r\n` +
          'Connection: close\r\n\r\n',
      );
      const pieces = 10;
      const size = Math.ceil(body.length / pieces);
      let i = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          c.socket.write(body.slice(i * size, (i + 1) * size));
          i += 1;
          if (i === pieces) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
      });
      expect(await c.closed).toBe(true);
      const res = parseResponse(c.received());
      expect(res.status, c.received().slice(0, 300)).toBe(200);
      expect(res.headers).toMatch(/set-cookie: sid=/);
      expect(JSON.parse(res.body)).toMatchObject({ user: { id: user.id } });
    });

    it('headers over 16 KiB are answered 431 with the Spanish {error, code} body', async () => {
      const c = await connect(port);
      c.socket.write(
        `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(await c.closed).toBe(true);
      const res = parseResponse(c.received());
      expect(res.status, c.received()).toBe(431);
      expect(res.headers).toContain('content-type: application/json; charset=utf-8');
      expect(res.headers).toContain(`content-length: ${Buffer.byteLength(res.body)}`);
      expect(JSON.parse(res.body)).toEqual({
        error: 'Las cabeceras de la solicitud son demasiado grandes.',
        code: 'HEADERS_TOO_LARGE',
      });
    });

    it('malformed HTTP is answered 400 with the Spanish {error, code} body', async () => {
      const c = await connect(port);
      c.socket.write('ESTO NO ES HTTP\r\n\r\n');
      expect(await c.closed).toBe(true);
      const res = parseResponse(c.received());
      expect(res.status, c.received()).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: 'La solicitud no es válida.', code: 'VALIDATION_ERROR' });
    });
  },
  LIMITS,
);
