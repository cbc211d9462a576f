import { v2ResultEndpoints } from '@evalua/contracts';
import { ANY_USER, MANAGERS, V2_RESULTS } from '../../../test/authz/matrix';
import { v2ResultsParams } from '../../../test/authz/requests';
import { authz, defineCases, fuzz } from '../../../test/cases';

export default defineCases({
  authz: [
    // 360: results and snapshots.
    authz({ endpoint: v2ResultEndpoints.mine, ...ANY_USER, request: () => ({}) }),
    authz({
      endpoint: v2ResultEndpoints.person,
      ...V2_RESULTS,
      request: (f, caller, c) => ({ params: v2ResultsParams(f, caller, c) }),
    }),
    authz({
      endpoint: v2ResultEndpoints.personPdf,
      ...V2_RESULTS,
      request: (f, caller, c) => ({
        params: v2ResultsParams(f, caller, c),
      }),
    }),
    authz({
      endpoint: v2ResultEndpoints.personXlsx,
      ...V2_RESULTS,
      request: (f, caller, c) => ({
        params: v2ResultsParams(f, caller, c),
      }),
    }),
    authz({
      endpoint: v2ResultEndpoints.summary,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.closed.id } }),
    }),
  ],
  robustness: [
    fuzz({ endpoint: v2ResultEndpoints.person, params: (i) => ({ id: i.open, userId: i.evaluatee }) }),
    fuzz({ endpoint: v2ResultEndpoints.personPdf, params: (i) => ({ id: i.open, userId: i.evaluatee }) }),
    fuzz({ endpoint: v2ResultEndpoints.personXlsx, params: (i) => ({ id: i.open, userId: i.evaluatee }) }),
    fuzz({ endpoint: v2ResultEndpoints.summary, params: (i) => ({ id: i.open }) }),
  ],
});
