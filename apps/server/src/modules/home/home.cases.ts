import { homeEndpoints } from '@evalua/contracts';
import { ANY_USER, MANAGERS } from '../../../test/authz/matrix';
import { authz, defineCases } from '../../../test/cases';

export default defineCases({
  authz: [
    // Everyone reads their own pending work (issue 30 §2); nobody else's can be asked for.
    authz({ endpoint: homeEndpoints.pending, ...ANY_USER, request: () => ({}) }),
    // The first run's checklist is the organisation's: admin and HR (decision 054).
    authz({ endpoint: homeEndpoints.firstSteps, ...MANAGERS, request: () => ({}) }),
  ],
});
