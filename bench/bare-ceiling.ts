/**
 * The bare ceiling: Fastify with no plugin, no hook and its default options, answering the same
 * GET /api/hello as bench/ceiling.ts. The logger at the level the bench runs the app with
 * (LOG_LEVEL, 'warn' by default: no line per request, but Fastify still makes each request's child
 * logger, as in the app), so that bench/ceiling.ts over this one is the fixed cost of the app's
 * plugin stack alone (decision 031). Run as its own process by bench/bench.ts; prints
 * "bare ceiling on http://…".
 */
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
app.get('/api/hello', async () => ({ hello: 'world' }));

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`bare ceiling on ${address}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
