/**
 * The benchmark's ceiling: Fastify with the app's own HTTP setup and no database — the same options
 * (request ids, body limit, logger level, the one-line access log written in blocks), the zod compilers, the onSend
 * hook, the security headers and @fastify/cookie — answering GET /api/hello with a small JSON body.
 * The fastest any /api route of the app could be on this machine; over bench/bare-ceiling.ts, the
 * fixed cost of the app's plugin stack (decision 031). Run as its own process by bench/bench.ts;
 * prints "ceiling on http://…".
 */
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { bufferedStdout } from '../apps/server/src/http/log-destination';
import { AccessLog, serializeRequest } from '../apps/server/src/http/log-redaction';
import { registerSecurityHeaders } from '../apps/server/src/http/security';

const REQUEST_ID = /^[\w.-]{1,64}$/;

const app = Fastify({
  logger: {
    level: process.env.LOG_LEVEL ?? 'warn',
    serializers: { req: serializeRequest },
    stream: bufferedStdout().stream,
  },
  logController: new AccessLog(),
  bodyLimit: 1024 * 1024,
  requestIdHeader: false,
  genReqId: (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  },
});
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.addHook('onSend', async (request, reply) => {
  reply.header('x-request-id', request.id);
  if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
    reply.header('cache-control', 'no-store');
});
// Like the app on plain HTTP (COOKIE_SECURE=false, what the benchmark runs): no HSTS.
await registerSecurityHeaders(app, { hsts: false });
await app.register(fastifyCookie);

app.get('/api/hello', async () => ({ hello: 'world' }));

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`ceiling on ${address}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
