import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, HTTP_MESSAGES } from '@evalua/contracts';
import { decodedPath, isApiRequest } from './api-path';
import { styleNonceOf } from './security';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

function notFoundJson(reply: FastifyReply) {
  return reply.status(404).send({ error: HTTP_MESSAGES.notFound, code: ERROR_CODES.notFound });
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached and given a
 * fresh CSP nonce; any other non-API GET answers index.html (the client router shows its 404),
 * except a missing file under /assets/ (404).
 * The web build writes a brotli (.br) and a gzip (.gz) copy next to each asset: a browser gets the
 * best one its accept-encoding allows, else the file itself. Without a build (API tests), non-API
 * paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string | null): Promise<void> {
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  const indexTemplate = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;

  if (webDir && indexTemplate !== null) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      // One route per built file; any other path (/, client routes) falls through to index.html.
      wildcard: false,
      preCompressed: true,
      // The compressed copies are not routes of their own; index.html is only served rendered (with
      // its nonce), so /index.html falls through to sendIndex like any page path.
      globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((indexTemplate ?? '').replace(NONCE_PLACEHOLDER, styleNonceOf(reply.raw)));

  app.setNotFoundHandler((request, reply) => {
    // Judged by the decoded path: '/%61pi/nada' is an unknown API path (JSON 404), not a page.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
    // A built file that is not here (e.g. asked of an older instance during a rolling upgrade) is a
    // 404, never the page: the proxy can then ask another instance (docs/deployment.md).
    const isAsset = decodedPath(request.url).startsWith('/assets/');
    if (isPage && !isAsset && indexTemplate !== null) return sendIndex(request, reply);
    return notFoundJson(reply);
  });
}
