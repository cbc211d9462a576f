import { outboxEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { outboxMessage } from '../../../test/authz/requests';
import { markOutboxFailed } from '../../../test/authz/records';
import { authz, defineCases, urlOf } from '../../../test/cases';
import { enqueueMail, mailSettings } from './service';

export default defineCases({
  authz: [
    // The outbox (decision 033): the Correos screen.
    authz({
      endpoint: outboxEndpoints.list,
      ...MANAGERS,
      request: () => ({ query: { status: 'pendiente', page: 1 } }),
    }),
    authz({
      endpoint: outboxEndpoints.html,
      ...MANAGERS,
      request: async (f) => ({ params: { id: await outboxMessage(f) } }),
    }),
    // A message of its own each time (a resend of one being sent would be a 409).
    authz({
      endpoint: outboxEndpoints.resend,
      ...MANAGERS,
      request: async (f) => ({ params: { id: await outboxMessage(f) } }),
    }),
  ],
  audit: [
    // The outbox (decision 033): a message put back in the queue.
    {
      endpoint: outboxEndpoints.resend,
      async run({ ctx, hr, hrId, mark }) {
        const [id] = await enqueueMail(ctx.db, mailSettings(ctx.config), {
          kind: 'reminder',
          to: { email: 'reenvio@prueba.do', name: null, userId: null },
          content: { subject: 'Reenviar', greeting: 'Hola:', paragraphs: [] },
        });
        await markOutboxFailed(ctx, id!);
        await mark();
        const res = await hr.post(urlOf(outboxEndpoints.resend, { params: { id: id! } }));
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'resend',
              entity: 'outbox',
              entity_id: id!,
              user: hrId,
              before: { status: 'fallido', to: 'reenvio@prueba.do', subject: 'Reenviar' },
              after: null,
            },
          ],
        };
      },
    },
  ],
});
