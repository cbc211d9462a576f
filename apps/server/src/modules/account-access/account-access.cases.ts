import { accessEndpoints } from '@evalua/contracts';
import { PUBLIC, MANAGERS, ADMIN_ACCOUNT_CASES } from '../../../test/authz/matrix';
import { email } from '../../../test/authz/requests';
import { createUser } from '../../../test/factories';
import { insertUserToken } from '../../../test/authz/records';
import { PASSWORD } from '../../../test/robustness/world';
import { authz, defineCases, fuzz, urlOf, type AuditCase } from '../../../test/cases';

/** A link's new password: the link's user sets it, and the log says which kind of link it was. */
function linkCase(
  endpoint: typeof accessEndpoints.resetPassword | typeof accessEndpoints.activate,
  purpose: 'reset' | 'access',
  action: 'password_reset' | 'account_activation',
): AuditCase {
  return {
    endpoint,
    async run({ ctx, mark }) {
      const person = await createUser(ctx, { password: null });
      const token = await insertUserToken(ctx, person.id, purpose);
      await mark();
      const res = await ctx.client().post(urlOf(endpoint), { token, newPassword: 'Otra-Clave-Segura-456' });
      return {
        res,
        status: 204,
        entries: [
          { action, entity: 'user', entity_id: person.id, user: person.id, before: null, after: null },
        ],
      };
    },
  };
}

export default defineCases({
  authz: [
    // Access links and resets (decision 033): a link's token is the credential, not the session.
    authz({
      endpoint: accessEndpoints.forgotPassword,
      ...PUBLIC,
      request: () => ({ body: { email: email() } }),
    }),
    // An unknown link: 400 LINK_INVALID for anyone, and nothing changes.
    authz({
      endpoint: accessEndpoints.resetPassword,
      ...PUBLIC,
      request: () => ({
        body: { token: 'enlace-desconocido', newPassword: 'Otra-Clave-Segura-456' },
        status: 400,
      }),
    }),
    authz({
      endpoint: accessEndpoints.activate,
      ...PUBLIC,
      request: () => ({
        body: { token: 'enlace-desconocido', newPassword: 'Otra-Clave-Segura-456' },
        status: 400,
      }),
    }),
    // Only an administrator mails an access link to an administrator (decision 023).
    authz({
      endpoint: accessEndpoints.accessLink,
      cases: ADMIN_ACCOUNT_CASES,
      ...MANAGERS,
      admin: { any: 'allow', adminAccount: 'allow' },
      gestionhumana: { any: 'allow', adminAccount: 'adminOnly' },
      request: async (f, _caller, c) => {
        const target = await createUser(f.t, {
          role: c === 'adminAccount' ? 'admin' : 'colaborador',
          password: null,
        });
        return { params: { id: target.id } };
      },
    }),
  ],
  audit: [
    // Access links and resets (decision 033)
    {
      endpoint: accessEndpoints.accessLink,
      async run({ ctx, hr, hrId, mark }) {
        const person = await createUser(ctx, { password: null });
        await mark();
        const res = await hr.post(urlOf(accessEndpoints.accessLink, { params: { id: person.id } }));
        return {
          res,
          status: 202,
          entries: [
            {
              action: 'access_link',
              entity: 'user',
              entity_id: person.id,
              user: hrId,
              after: { email: person.email },
            },
          ],
        };
      },
    },
    {
      endpoint: accessEndpoints.forgotPassword,
      async run({ ctx, mark }) {
        const person = await createUser(ctx);
        await mark();
        const res = await ctx.client().post(urlOf(accessEndpoints.forgotPassword), { email: person.email });
        return {
          res,
          status: 202,
          entries: [
            { action: 'reset_link', entity: 'user', entity_id: person.id, user: person.id, after: null },
          ],
        };
      },
    },
    linkCase(accessEndpoints.resetPassword, 'reset', 'password_reset'),
    linkCase(accessEndpoints.activate, 'access', 'account_activation'),
  ],
  robustness: [
    fuzz({ endpoint: accessEndpoints.forgotPassword, body: () => ({ email: 'nadie@prueba.do' }) }),
    fuzz({
      endpoint: accessEndpoints.resetPassword,
      body: () => ({ token: 'enlace-inventado', newPassword: PASSWORD }),
    }),
    fuzz({
      endpoint: accessEndpoints.activate,
      body: () => ({ token: 'enlace-inventado', newPassword: PASSWORD }),
    }),
  ],
});
