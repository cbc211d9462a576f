import { trainingEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { authz, defineCases } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: trainingEndpoints.report, ...MANAGERS, request: () => ({}) }),
    authz({ endpoint: trainingEndpoints.export, ...MANAGERS, request: () => ({ query: { format: 'csv' } }) }),
  ],
});
