import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { MailSender } from './sender';

/**
 * Mail for one app instance: with SMTP_URL a
 * sender starts when the app is ready and, at close (the graceful stop), finishes the deliveries in
 * flight before the database closes. Without SMTP_URL messages wait in the outbox (decision 033).
 */
export async function registerMail(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.smtpUrl) return;
  const sender = new MailSender(ctx.db, ctx.engine, ctx.config, app.log);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
}
