import { historyEndpoints } from '@evalua/contracts';
import { MANAGERS, SELF_OR_MANAGERS, USER_ID_CASES } from '../../../test/authz/matrix';
import { userIdFor } from '../../../test/authz/requests';
import { authz, defineCases, fuzz } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: historyEndpoints.collaborators, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: historyEndpoints.ofUser,
      cases: USER_ID_CASES,
      ...SELF_OR_MANAGERS,
      request: (f, caller, c) => ({
        params: { userId: userIdFor(f, caller, c) },
      }),
    }),
  ],
  robustness: [fuzz({ endpoint: historyEndpoints.ofUser, params: (i) => ({ userId: i.collaborator }) })],
});
