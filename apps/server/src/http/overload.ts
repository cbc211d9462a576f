import { performance } from 'node:perf_hooks';
import underPressure, {
  type FastifyUnderPressureOptions as UnderPressureOptions,
} from '@fastify/under-pressure';
import { ERROR_CODES, healthEndpoints, HTTP_MESSAGES } from '@evalua/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isApiRequest } from './api-path';

/** Fewer answers than this in a second say nothing about the server's load. */
export const MIN_SAMPLES = 5;
/** At most this many times are kept per second (a flood of cheap answers cannot grow memory). */
const MAX_SAMPLES = 5000;
const SAMPLE_INTERVAL_MS = 1000;

/**
 * The time requests spend inside the server, from their arrival (or, with a body, from their body
 * being read) to their answer being ready — a slow client's upload or download does not count: what
 * a request waits behind the others plus its own work. Collected per second; `takeMedian` gives the second's median and starts anew.
 */
export class ServerTimes {
  private window: number[] = [];

  record(ms: number): void {
    if (this.window.length < MAX_SAMPLES) this.window.push(ms);
  }

  /** The median of the times since the last call, or undefined with fewer than MIN_SAMPLES. */
  takeMedian(): number | undefined {
    const times = this.window;
    this.window = [];
    if (times.length < MIN_SAMPLES) return undefined;
    times.sort((a, b) => a - b);
    const mid = times.length >> 1;
    return times.length % 2 === 1 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
  }
}

const STARTED = Symbol('overloadStarted');
type Timed = FastifyRequest & { [STARTED]?: number };

/**
 * Overload guard (decision 029): when requests wait longer than OVERLOAD_MAX_LATENCY_MS inside the
 * server, new requests are answered at once with 503 and
 * Retry-After (a Spanish error; plain text for pages) instead of queueing behind the ones being
 * served; nothing of a refused request runs, so a refused write changes nothing. Requests wait in
 * one of two places, so both are watched, each second:
 * - between their steps, when those await I/O (PostgreSQL): the median time from arrival to answer
 *   over the last second (ServerTimes);
 * - before the server reads them at all, when each runs to its end without yielding (SQLite): then
 *   one turn of the event loop serves every request that came meanwhile, one after the other, and
 *   its length — the event loop's mean delay — is what the last of them waited.
 * The requests already inside finish; once both are back under the limit (or fewer than
 * MIN_SAMPLES answers came in a second), new ones are taken again. /api/health is let through and says
 * `overloaded` itself. A refusal is logged at most once a second. 0 turns the guard off.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  config: Pick<Config, 'overloadMaxLatencyMs' | 'overloadRetryAfterSeconds'>,
): Promise<void> {
  if (config.overloadMaxLatencyMs === 0) {
    app.decorate('isUnderPressure', () => false);
    return;
  }
  const times = new ServerTimes();
  // From its arrival when it has no body, else from its body being read (a slow upload is the
  // client's time, not the server's).
  const hasBody = (request: FastifyRequest) =>
    request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
  app.addHook('onRequest', async (request: Timed) => {
    if (!hasBody(request)) request[STARTED] = performance.now();
  });
  app.addHook('preValidation', async (request: Timed) => {
    request[STARTED] ??= performance.now();
  });
  app.addHook('onSend', async (request: Timed) => {
    const started = request[STARTED];
    if (started !== undefined && request.routeOptions.url !== healthEndpoints.check.path) {
      times.record(performance.now() - started);
    }
  });

  let lastLogged = 0;
  let refusedSinceLog = 0;
  // under-pressure sends what the handler returns and stops there; undefined lets the request go on
  // (its types say void: the returned body is the documented way to answer, see its handlePressure).
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url === healthEndpoints.check.path) return undefined;
    refusedSinceLog += 1;
    const now = Date.now();
    if (now - lastLogged >= 1000) {
      request.log.warn({ refused: refusedSinceLog }, 'overloaded: requests refused with 503');
      lastLogged = now;
      refusedSinceLog = 0;
    }
    reply.status(503).header('retry-after', String(config.overloadRetryAfterSeconds));
    if (!isApiRequest(request)) {
      reply.type('text/plain; charset=utf-8');
      return HTTP_MESSAGES.overloaded;
    }
    return { error: HTTP_MESSAGES.overloaded, code: ERROR_CODES.overloaded };
  };
  await app.register(underPressure, {
    // Not heap or RSS: they would refuse work the server can do.
    maxEventLoopDelay: config.overloadMaxLatencyMs,
    healthCheck: async () => {
      const median = times.takeMedian();
      return median === undefined || median <= config.overloadMaxLatencyMs;
    },
    healthCheckInterval: SAMPLE_INTERVAL_MS,
    retryAfter: config.overloadRetryAfterSeconds,
    pressureHandler: refuse as unknown as NonNullable<UnderPressureOptions['pressureHandler']>,
  });
}
