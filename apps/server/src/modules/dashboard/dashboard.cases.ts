import { dashboardEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { authz, defineCases } from '../../../test/cases';

export default defineCases({
  authz: [authz({ endpoint: dashboardEndpoints.metrics, ...MANAGERS, request: () => ({}) })],
});
