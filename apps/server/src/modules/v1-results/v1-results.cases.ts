import {
  dashboardEndpoints,
  historyEndpoints,
  reportEndpoints,
  resultEndpoints,
  trainingEndpoints,
} from '@evalua/contracts';
import { MANAGERS, SELF_OR_MANAGERS, USER_ID_CASES } from '../../../test/authz/matrix';
import { evaluatorIdFor, neverEvaluated, userIdFor } from '../../../test/authz/requests';
import { authz, defineCases, fuzz } from '../../../test/cases';

/** V1 results (decision 049): latest, history, reports, training and dashboard. */
export default defineCases({
  authz: [
    // latest/
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
    // history/
    authz({ endpoint: historyEndpoints.collaborators, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: historyEndpoints.ofUser,
      cases: USER_ID_CASES,
      ...SELF_OR_MANAGERS,
      request: (f, caller, c) => ({
        params: { userId: userIdFor(f, caller, c) },
      }),
    }),
    // reports/
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
    // training/
    authz({ endpoint: trainingEndpoints.report, ...MANAGERS, request: () => ({}) }),
    authz({ endpoint: trainingEndpoints.export, ...MANAGERS, request: () => ({ query: { format: 'csv' } }) }),
    // dashboard/
    authz({ endpoint: dashboardEndpoints.metrics, ...MANAGERS, request: () => ({}) }),
  ],
  robustness: [
    fuzz({ endpoint: resultEndpoints.evaluated, params: (i) => ({ evaluatorId: i.evaluator }) }),
    fuzz({ endpoint: resultEndpoints.latest, params: (i) => ({ userId: i.collaborator }) }),
    fuzz({ endpoint: historyEndpoints.ofUser, params: (i) => ({ userId: i.collaborator }) }),
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
