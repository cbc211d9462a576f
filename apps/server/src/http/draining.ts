import type { FastifyInstance } from 'fastify';

/**
 * While the app stops (decision 029): requests already read, including ones that arrive on a
 * keep-alive connection after the stop began, are answered normally instead of Fastify's English
 * 503, and every answer from then on closes its connection, so clients open new ones (refused: the
 * server no longer listens) and the stop cannot be held open by a busy keep-alive client.
 * Fastify runs with `return503OnClosing: false`.
 */
export function registerDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
