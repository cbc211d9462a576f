import { healthEndpoints } from '@evalua/contracts';
import { PUBLIC } from '../../../test/authz/matrix';
import { authz, defineCases } from '../../../test/cases';

export default defineCases({
  authz: [
    // Public: health, first-run setup, CSRF, login and logout.
    authz({ endpoint: healthEndpoints.check, ...PUBLIC, request: () => ({}) }),
  ],
});
