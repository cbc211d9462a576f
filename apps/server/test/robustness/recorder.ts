import type { FastifyInstance, RouteOptions } from 'fastify';

/** A route as the onRoute hook sees it (the parts the fuzz tests read). */
export interface RawRoute {
  method: RouteOptions['method'];
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  config?: { access?: unknown };
}

/**
 * Wraps the `fastify` module so that every instance it creates records its routes (an onRoute hook
 * added before any plugin registers one). Used from `vi.mock('fastify', …)`.
 */
export function withRouteRecorder<M extends { default: unknown }>(mod: M, sink: RawRoute[]): M {
  const original = mod.default as (...args: unknown[]) => FastifyInstance;
  const wrapped = (...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route) => {
      sink.push(route as unknown as RawRoute);
    });
    return app;
  };
  return { ...mod, default: wrapped };
}
