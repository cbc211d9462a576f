import { resultEndpoints } from '@evalua/contracts';
import { MANAGERS, SELF_OR_MANAGERS, USER_ID_CASES } from '../../../test/authz/matrix';
import { userIdFor, neverEvaluated, evaluatorIdFor } from '../../../test/authz/requests';
import { authz, defineCases, fuzz } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({
      endpoint: resultEndpoints.evaluated,
      cases: { own: "the caller's own id", other: "another evaluador's id" },
      ...MANAGERS,
      evaluador: { own: 'allow', other: 'deny' },
      request: (f, caller, c) => ({
        params: { evaluatorId: evaluatorIdFor(f, caller, c) },
      }),
    }),
    authz({
      endpoint: resultEndpoints.latest,
      cases: USER_ID_CASES,
      ...SELF_OR_MANAGERS,
      request: (f, caller, c) => ({
        params: { userId: userIdFor(f, caller, c) },
        ...neverEvaluated(caller, c),
      }),
    }),
  ],
  robustness: [
    fuzz({ endpoint: resultEndpoints.evaluated, params: (i) => ({ evaluatorId: i.evaluator }) }),
    fuzz({ endpoint: resultEndpoints.latest, params: (i) => ({ userId: i.collaborator }) }),
  ],
});
