import { MANAGER_ROLES, v2AssignmentEndpoints as endpoints } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { routeOf } from '../../http/route';
import {
  assignmentsOfEvaluation,
  bulkAssign,
  changeEvaluators,
  changeRelation,
  evaluatorsOfEvaluatee,
  raterCounts,
} from './service';

const config = { access: MANAGER_ROLES };

/** Rater assignments of 360 evaluations: HTTP only; rules, transactions and audit live in service.ts. */
export function v2AssignmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.bulk),
      config,
      handler: (request) =>
        bulkAssign(
          ctx.db,
          ctx.engine,
          request.body.evaluation_id,
          request.body.assignments,
          actorOf(request),
          {
            allowMultipleManagers: request.body.allow_multiple_managers === true,
          },
        ),
    });

    app.route({
      ...routeOf(endpoints.listByEvaluation),
      config,
      handler: (request) => assignmentsOfEvaluation(ctx.db, request.params.evaluationId, request.query),
    });

    app.route({
      ...routeOf(endpoints.raterCounts),
      config,
      handler: (request) => raterCounts(ctx.db, request.params.evaluationId, request.query.user_ids ?? []),
    });

    app.route({
      ...routeOf(endpoints.evaluatorsOf),
      config,
      handler: (request) => evaluatorsOfEvaluatee(ctx.db, request.params.evaluationId, request.params.userId),
    });

    app.route({
      ...routeOf(endpoints.changeEvaluators),
      config,
      handler: (request) =>
        changeEvaluators(
          ctx.db,
          ctx.engine,
          request.params.evaluationId,
          request.params.userId,
          request.body,
          actorOf(request),
        ),
    });

    app.route({
      ...routeOf(endpoints.changeRelation),
      config,
      handler: (request) =>
        changeRelation(ctx.db, ctx.engine, request.params.id, request.body.relation, actorOf(request), {
          allowMultipleManagers: request.body.allow_multiple_managers === true,
        }),
    });
  };
}
