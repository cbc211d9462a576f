import { collaboratorEndpoints, evaluatorEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { email, collaboratorBody } from '../../../test/authz/requests';
import { insertCategory } from '../../../test/authz/records';
import { DEFAULT_PASSWORD, createUser, unique } from '../../../test/factories';
import { answerOf } from '../../../test/answer';
import { PASSWORD } from '../../../test/robustness/world';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: evaluatorEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: evaluatorEndpoints.get,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.users.evaluador.id } }),
    }),
    authz({
      endpoint: evaluatorEndpoints.create,
      ...MANAGERS,
      request: () => ({
        body: { name: 'Evaluadora Nueva', email: email(), password: DEFAULT_PASSWORD },
      }),
    }),
    authz({
      endpoint: evaluatorEndpoints.update,
      ...MANAGERS,
      request: async (f) => {
        const target = await createUser(f.t, { role: 'evaluador', password: null });
        return {
          params: { id: target.id },
          body: { name: 'Evaluadora Renombrada', email: target.email },
        };
      },
    }),
    authz({
      endpoint: evaluatorEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: (await createUser(f.t, { role: 'evaluador', password: null })).id },
      }),
    }),
    authz({ endpoint: collaboratorEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: collaboratorEndpoints.get,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.users.colaborador.id } }),
    }),
    authz({
      endpoint: collaboratorEndpoints.create,
      ...MANAGERS,
      request: (f) => ({ body: collaboratorBody(f) }),
    }),
    authz({
      endpoint: collaboratorEndpoints.update,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: (await createUser(f.t, { category_id: f.v1.categoryId, password: null })).id },
        body: collaboratorBody(f),
      }),
    }),
    authz({
      endpoint: collaboratorEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: (await createUser(f.t, { password: null })).id },
      }),
    }),
  ],
  audit: [
    // Evaluators and collaborators
    {
      endpoint: evaluatorEndpoints.create,
      async run({ hr, hrId, mark }) {
        await mark();
        const email = `${unique('evaluador')}@prueba.do`;
        const res = await hr.post(urlOf(evaluatorEndpoints.create), {
          name: 'Evaluador Nuevo',
          email,
          password: 'Clave-Eval-123',
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'user',
              entity_id: answerOf(evaluatorEndpoints.create, res).id,
              user: hrId,
              after: { email, role: 'evaluador' },
            },
          ],
        };
      },
    },
    {
      endpoint: evaluatorEndpoints.update,
      async run({ ctx, hr, hrId, mark }) {
        const user = await createUser(ctx, { role: 'evaluador', name: 'Evaluador Antes' });
        await mark();
        const res = await hr.put(urlOf(evaluatorEndpoints.update, { params: { id: user.id } }), {
          name: 'Evaluador Después',
          email: user.email,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'user',
              entity_id: user.id,
              user: hrId,
              before: { name: 'Evaluador Antes' },
              after: { name: 'Evaluador Después' },
            },
          ],
        };
      },
    },
    {
      endpoint: evaluatorEndpoints.remove,
      async run({ ctx, hr, hrId, mark }) {
        const user = await createUser(ctx, { role: 'evaluador' });
        await mark();
        const res = await hr.delete(urlOf(evaluatorEndpoints.remove, { params: { id: user.id } }));
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'deactivate',
              entity: 'user',
              entity_id: user.id,
              user: hrId,
              after: { status: false },
            },
          ],
        };
      },
    },
    {
      endpoint: collaboratorEndpoints.create,
      async run({ ctx, hr, hrId, mark }) {
        const cat = await insertCategory(ctx);
        await mark();
        const res = await hr.post(urlOf(collaboratorEndpoints.create), {
          name: 'Colaboradora Nueva',
          position: 'Docente',
          department: 'Primaria',
          email: null,
          category_id: cat.id,
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'user',
              entity_id: answerOf(collaboratorEndpoints.create, res).id,
              user: hrId,
              after: { name: 'Colaboradora Nueva', category_id: cat.id },
            },
          ],
        };
      },
    },
    {
      endpoint: collaboratorEndpoints.update,
      async run({ ctx, hr, hrId, mark }) {
        const cat = await insertCategory(ctx);
        const user = await createUser(ctx, { position: 'Docente', category_id: cat.id });
        await mark();
        const res = await hr.put(urlOf(collaboratorEndpoints.update, { params: { id: user.id } }), {
          name: user.name,
          position: 'Coordinadora',
          department: null,
          email: user.email,
          category_id: cat.id,
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'user',
              entity_id: user.id,
              user: hrId,
              before: { position: 'Docente' },
              after: { position: 'Coordinadora' },
            },
          ],
        };
      },
    },
    {
      endpoint: collaboratorEndpoints.remove,
      async run({ ctx, admin, adminId, mark }) {
        const user = await createUser(ctx);
        await mark();
        const res = await admin.delete(urlOf(collaboratorEndpoints.remove, { params: { id: user.id } }));
        return {
          res,
          status: 204,
          entries: [{ action: 'deactivate', entity: 'user', entity_id: user.id, user: adminId }],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: collaboratorEndpoints.get, params: (i) => ({ id: i.collaborator2 }) }),
    fuzz({
      endpoint: collaboratorEndpoints.create,
      body: (i) => ({
        name: 'Colaboradora Nueva',
        position: 'Docente',
        department: 'Lengua',
        email: '',
        category_id: i.category,
      }),
    }),
    fuzz({
      endpoint: collaboratorEndpoints.update,
      params: (i) => ({ id: i.collaborator2 }),
      body: (i) => ({
        name: 'Colaboradora',
        position: 'Coordinadora',
        department: null,
        email: 'colaboradora@prueba.do',
        category_id: i.category,
      }),
    }),
    fuzz({ endpoint: collaboratorEndpoints.remove, params: (i) => ({ id: i.collaborator2 }) }),
    fuzz({ endpoint: evaluatorEndpoints.get, params: (i) => ({ id: i.evaluator }) }),
    fuzz({
      endpoint: evaluatorEndpoints.create,
      body: () => ({
        name: 'Evaluador Nuevo',
        email: 'evaluador.nuevo@prueba.do',
        password: PASSWORD,
      }),
    }),
    fuzz({
      endpoint: evaluatorEndpoints.update,
      params: (i) => ({ id: i.evaluator }),
      body: () => ({ name: 'Evaluador', email: 'evaluador.editado@prueba.do' }),
    }),
    fuzz({ endpoint: evaluatorEndpoints.remove, params: (i) => ({ id: i.evaluator }) }),
  ],
});
