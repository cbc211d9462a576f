import { v2InsightEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { authz, defineCases } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({
      endpoint: v2InsightEndpoints.insight,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.closed.id } }),
    }),
    authz({
      endpoint: v2InsightEndpoints.insightXlsx,
      ...MANAGERS,
      request: (f) => ({
        params: { id: f.closed.id },
      }),
    }),
  ],
});
