import {
  MANAGER_ROLES,
  assignmentInputSchema,
  assignmentSchema,
  availableCollaboratorSchema,
  evaluatorIdParamsSchema,
  idParamsSchema,
  pageQuerySchema,
  pagedSchema,
} from '@evalua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, assertSelfOrRoles } from '../../auth/access';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageBounds, paged } from '../../http/paging';
import { audit } from '../audit/audit';
import { findUserById } from '../users/repository';
import {
  deleteAssignment,
  findAssignment,
  insertAssignment,
  listAssignments,
  listAvailable,
} from './repository';

export const ASSIGNMENT_MESSAGES = {
  notFound: 'La asignación no existe.',
  duplicate: 'Este colaborador ya está asignado a este evaluador.',
  badEvaluator: 'El evaluador debe ser un usuario activo con rol evaluador.',
  badCollaborator: 'El colaborador debe ser un usuario activo que no sea administrador.',
  self: 'Un evaluador no puede asignarse a sí mismo.',
} as const;

export const AVAILABLE_PAGE_SIZE = 5;

export function assignmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/assignments/:evaluatorId',
      {
        config: { access: 'user' },
        schema: { params: evaluatorIdParamsSchema, response: { 200: z.array(assignmentSchema) } },
      },
      async (request) => {
        // An evaluator reads only their own list; admin and HR read anyone's.
        assertSelfOrRoles(request, request.params.evaluatorId, MANAGER_ROLES);
        return listAssignments(ctx.db, request.params.evaluatorId);
      },
    );

    app.get(
      '/api/assignments/:evaluatorId/available',
      {
        config: { access: MANAGER_ROLES },
        schema: {
          params: evaluatorIdParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: pagedSchema(availableCollaboratorSchema) },
        },
      },
      async (request) => {
        const { page, pageSize, offset } = pageBounds(request.query, AVAILABLE_PAGE_SIZE);
        const { rows, total } = await listAvailable(ctx.db, request.params.evaluatorId, request.query.q, {
          limit: pageSize,
          offset,
        });
        return paged(rows, total, page, pageSize);
      },
    );

    app.post(
      '/api/assignments',
      {
        config: { access: MANAGER_ROLES },
        schema: { body: assignmentInputSchema, response: { 201: assignmentSchema } },
      },
      async (request, reply) => {
        const { evaluator_id, collaborator_id } = request.body;
        const actor = actorOf(request);
        if (evaluator_id === collaborator_id)
          throw badRequest(ASSIGNMENT_MESSAGES.self, 'body.collaborator_id');
        try {
          const created = await ctx.db.transaction().execute(async (trx) => {
            const evaluator = await findUserById(trx, evaluator_id);
            if (!evaluator || evaluator.role !== 'evaluador' || evaluator.active !== 1) {
              throw badRequest(ASSIGNMENT_MESSAGES.badEvaluator, 'body.evaluator_id');
            }
            const collaborator = await findUserById(trx, collaborator_id);
            if (!collaborator || collaborator.role === 'admin' || collaborator.active !== 1) {
              throw badRequest(ASSIGNMENT_MESSAGES.badCollaborator, 'body.collaborator_id');
            }
            const { id } = await insertAssignment(trx, evaluator_id, collaborator_id);
            await audit(trx, {
              userId: actor.userId,
              action: 'create',
              entity: 'assignment',
              entityId: id,
              after: request.body,
              ip: actor.ip,
            });
            return {
              id,
              evaluator_id,
              collaborator_id,
              collaborator_name: collaborator.name,
              email: collaborator.email,
              position: collaborator.position,
              department: collaborator.department,
              category_id: collaborator.category_id,
            };
          });
          return reply.status(201).send(created);
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(ASSIGNMENT_MESSAGES.duplicate);
          throw err;
        }
      },
    );

    app.delete(
      '/api/assignments/:id',
      { config: { access: MANAGER_ROLES }, schema: { params: idParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const before = await findAssignment(trx, request.params.id);
          if (!before) throw notFound(ASSIGNMENT_MESSAGES.notFound);
          await deleteAssignment(trx, before.id);
          await audit(trx, {
            userId: actor.userId,
            action: 'delete',
            entity: 'assignment',
            entityId: before.id,
            before,
            ip: actor.ip,
          });
        });
        return reply.status(204).send(null);
      },
    );
  };
}
