import { reportEndpoints } from '@evalua/contracts';
import { MANAGERS, SELF_OR_MANAGERS, USER_ID_CASES } from '../../../test/authz/matrix';
import { userIdFor, neverEvaluated } from '../../../test/authz/requests';
import { authz, defineCases, fuzz } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: reportEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: reportEndpoints.full,
      cases: USER_ID_CASES,
      ...SELF_OR_MANAGERS,
      request: (f, caller, c) => ({
        params: { evaluationId: f.v1.evaluationId, userId: userIdFor(f, caller, c) },
        ...neverEvaluated(caller, c),
      }),
    }),
    authz({
      endpoint: reportEndpoints.pdf,
      cases: USER_ID_CASES,
      ...SELF_OR_MANAGERS,
      request: (f, caller, c) => ({
        params: { evaluationId: f.v1.evaluationId, userId: userIdFor(f, caller, c) },
        ...neverEvaluated(caller, c),
      }),
    }),
    authz({ endpoint: reportEndpoints.export, ...MANAGERS, request: () => ({ query: { format: 'csv' } }) }),
  ],
  robustness: [
    fuzz({
      endpoint: reportEndpoints.full,
      params: (i) => ({ evaluationId: i.evaluation, userId: i.collaborator }),
    }),
    fuzz({
      endpoint: reportEndpoints.pdf,
      params: (i) => ({
        evaluationId: i.evaluation,
        userId: i.collaborator,
      }),
    }),
  ],
});
