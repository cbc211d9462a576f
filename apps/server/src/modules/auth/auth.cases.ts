import { authEndpoints } from '@evalua/contracts';
import { PUBLIC, ANY_USER } from '../../../test/authz/matrix';
import { DEFAULT_PASSWORD, createUser, loginAs } from '../../../test/factories';
import { authz, defineCases, fuzz, urlOf, type AuditCase } from '../../../test/cases';

/** Either logout address ends the caller's session, and the log says who left. */
function logoutCase(endpoint: typeof authEndpoints.logout | typeof authEndpoints.usersLogout): AuditCase {
  return {
    endpoint,
    async run({ ctx, mark }) {
      const { user, client } = await loginAs(ctx, 'colaborador');
      await mark();
      const res = await client.post(urlOf(endpoint));
      return {
        res,
        status: 204,
        entries: [{ action: 'logout', entity: 'user', entity_id: user.id, user: user.id }],
      };
    },
  };
}

export default defineCases({
  authz: [
    authz({ endpoint: authEndpoints.csrfToken, ...PUBLIC, request: () => ({}) }),
    authz({
      endpoint: authEndpoints.login,
      ...PUBLIC,
      request: (f, caller) => ({
        body: {
          email: (caller === 'anonymous' ? f.users.colaborador : f.users[caller]).email,
          password: DEFAULT_PASSWORD,
        },
        freshSession: true,
      }),
    }),
    authz({ endpoint: authEndpoints.logout, ...PUBLIC, request: () => ({ freshSession: true }) }),
    authz({ endpoint: authEndpoints.usersLogout, ...PUBLIC, request: () => ({ freshSession: true }) }),
    // The caller's own account.
    authz({ endpoint: authEndpoints.me, ...ANY_USER, request: () => ({}) }),
    authz({ endpoint: authEndpoints.session, ...PUBLIC, request: () => ({}) }),
  ],
  audit: [
    // Sessions and profile
    {
      endpoint: authEndpoints.login,
      async run({ ctx, mark }) {
        const user = await createUser(ctx);
        await mark();
        const res = await ctx.client().login(user.email, DEFAULT_PASSWORD);
        return {
          res,
          status: 200,
          entries: [
            { action: 'login', entity: 'user', entity_id: user.id, user: user.id, before: null, after: null },
          ],
        };
      },
    },
    logoutCase(authEndpoints.usersLogout),
    logoutCase(authEndpoints.logout),
  ],
  robustness: [
    fuzz({
      endpoint: authEndpoints.login,
      body: () => ({ email: 'nadie@prueba.do', password: 'no-es-la-clave' }),
    }),
  ],
});
