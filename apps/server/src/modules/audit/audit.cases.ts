import { auditEndpoints } from '@evalua/contracts';
import { ADMIN } from '../../../test/authz/matrix';
import { authz, defineCases } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({
      endpoint: auditEndpoints.list,
      ...ADMIN,
      request: (f) => ({ query: { entity: 'user', user_id: f.users.admin.id } }),
    }),
  ],
});
