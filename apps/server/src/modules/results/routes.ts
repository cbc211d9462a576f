import {
  LATEST_RESULT_MESSAGES,
  MANAGER_ROLES,
  evaluatedResultSchema,
  evaluatorIdParamsSchema,
  latestResultSchema,
  userIdParamsSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSelfOrRoles } from '../../auth/access';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { findLatestResult, listEvaluatedBy } from './repository';

export function resultRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/evaluation-results/evaluated/:evaluatorId',
      {
        config: { access: ['admin', 'gestionhumana', 'evaluador'] },
        schema: { params: evaluatorIdParamsSchema, response: { 200: z.array(evaluatedResultSchema) } },
      },
      async (request) => {
        // An evaluator reads only their own submissions; admin and HR read anyone's.
        assertSelfOrRoles(request, request.params.evaluatorId, MANAGER_ROLES);
        return listEvaluatedBy(ctx.db, request.params.evaluatorId);
      },
    );

    app.get(
      '/api/evaluation-results/latest/:userId',
      {
        config: { access: 'user' },
        schema: { params: userIdParamsSchema, response: { 200: latestResultSchema } },
      },
      async (request) => {
        assertSelfOrRoles(request, request.params.userId, MANAGER_ROLES);
        const latest = await findLatestResult(ctx.db, request.params.userId);
        if (!latest) throw notFound(LATEST_RESULT_MESSAGES.none);
        return latest;
      },
    );
  };
}
