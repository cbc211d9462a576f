import underPressure, {
  type FastifyUnderPressureOptions as UnderPressureOptions,
} from '@fastify/under-pressure';
import { ERROR_CODES, healthEndpoints } from '@evalua/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isApiRequest } from './api-path';
import { MESSAGES } from './errors';

/**
 * Overload guard (decision 029): when the event loop's mean delay over the last second passes
 * OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, new requests are answered at once with 503 and Retry-After
 * instead of queueing behind the ones being served, so latency cannot run away. /api/health is let
 * through and says `overloaded` itself. A refusal is logged at most once a second.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  config: Pick<Config, 'overloadMaxEventLoopDelayMs' | 'overloadRetryAfterSeconds'>,
): Promise<void> {
  let lastLogged = 0;
  let refusedSinceLog = 0;
  // under-pressure sends what the handler returns and stops there; undefined lets the request go on
  // (its types say void: the returned body is the documented way to answer, see its handlePressure).
  const refuse = (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
    if (request.routeOptions.url === healthEndpoints.check.path) return undefined;
    refusedSinceLog += 1;
    const now = Date.now();
    if (now - lastLogged >= 1000) {
      request.log.warn({ type, value, refused: refusedSinceLog }, 'overloaded: requests refused with 503');
      lastLogged = now;
      refusedSinceLog = 0;
    }
    reply.status(503).header('retry-after', String(config.overloadRetryAfterSeconds));
    if (!isApiRequest(request)) {
      reply.type('text/plain; charset=utf-8');
      return MESSAGES.overloaded;
    }
    return { error: MESSAGES.overloaded, code: ERROR_CODES.overloaded };
  };
  await app.register(underPressure, {
    maxEventLoopDelay: config.overloadMaxEventLoopDelayMs,
    retryAfter: config.overloadRetryAfterSeconds,
    pressureHandler: refuse as unknown as NonNullable<UnderPressureOptions['pressureHandler']>,
  });
}
