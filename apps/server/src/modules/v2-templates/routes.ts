import {
  MANAGER_ROLES,
  idParamsSchema,
  v2ScaleListSchema,
  v2TemplateCreateSchema,
  v2TemplateListSchema,
  v2TemplateRenameSchema,
  v2TemplateSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/access';
import type { AppContext } from '../../context';
import { listScales, listTemplates } from './repository';
import { createTemplateFromEvaluation, removeTemplate, renameTemplate } from './service';

const access = MANAGER_ROLES;

/** Rating scales and 360 templates. */
export function v2TemplateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/scales',
      { config: { access }, schema: { response: { 200: v2ScaleListSchema } } },
      async () => listScales(ctx.db),
    );

    app.get(
      '/api/templates',
      { config: { access }, schema: { response: { 200: v2TemplateListSchema } } },
      async () => listTemplates(ctx.db),
    );

    app.post(
      '/api/templates',
      { config: { access }, schema: { body: v2TemplateCreateSchema, response: { 201: v2TemplateSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createTemplateFromEvaluation(ctx.db, request.body, actorOf(request))),
    );

    app.put(
      '/api/templates/:id',
      {
        config: { access },
        schema: { params: idParamsSchema, body: v2TemplateRenameSchema, response: { 200: v2TemplateSchema } },
      },
      async (request) => renameTemplate(ctx.db, request.params.id, request.body.name, actorOf(request)),
    );

    app.delete(
      '/api/templates/:id',
      { config: { access }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await removeTemplate(ctx.db, request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    );
  };
}
