import { homeEndpoints } from '@evalua/contracts';
import { ANY_USER } from '../../../test/authz/matrix';
import { authz, defineCases } from '../../../test/cases';

export default defineCases({
  // Everyone reads their own pending work (issue 30 §2); nobody else's can be asked for.
  authz: [authz({ endpoint: homeEndpoints.pending, ...ANY_USER, request: () => ({}) })],
});
