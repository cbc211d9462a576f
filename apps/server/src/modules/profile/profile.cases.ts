import { profileEndpoints } from '@evalua/contracts';
import { ANY_USER } from '../../../test/authz/matrix';
import { DEFAULT_PASSWORD, loginAs } from '../../../test/factories';
import { PASSWORD } from '../../../test/robustness/world';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: profileEndpoints.get, ...ANY_USER, request: () => ({}) }),
    // A wrong current password: 400 for anyone logged in, and nothing changes.
    authz({
      endpoint: profileEndpoints.changePassword,
      ...ANY_USER,
      request: () => ({
        body: { currentPassword: 'No-Es-Mi-Clave-1', newPassword: 'Otra-Clave-Segura-456' },
        status: 400,
      }),
    }),
  ],
  audit: [
    {
      endpoint: profileEndpoints.changePassword,
      async run({ ctx, mark }) {
        const { user, client } = await loginAs(ctx, 'evaluador');
        await mark();
        const res = await client.post(urlOf(profileEndpoints.changePassword), {
          currentPassword: DEFAULT_PASSWORD,
          newPassword: 'Otra-Clave-Segura-456',
        });
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'password_change',
              entity: 'user',
              entity_id: user.id,
              user: user.id,
              before: null,
              after: null,
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: profileEndpoints.changePassword,
      body: () => ({ currentPassword: 'no-es-la-actual', newPassword: PASSWORD }),
    }),
  ],
});
