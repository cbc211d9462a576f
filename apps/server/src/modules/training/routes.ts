import { MANAGER_ROLES, trainingReportSchema, type TrainingReport } from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { trainingReport } from './repository';

/**
 * Checked against the contract but sent as built: parsing a record rebuilds the object, and a key
 * such as "__proto__" (an evaluator's name is free text) would silently vanish on the way.
 */
const trainingReportResponse = z.custom<TrainingReport>((v) => trainingReportSchema.safeParse(v).success);

export function trainingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/training-report',
      { config: { access: MANAGER_ROLES }, schema: { response: { 200: trainingReportResponse } } },
      async () => trainingReport(ctx.db),
    );
  };
}
