import { categoryEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { newCategory } from '../../../test/authz/requests';
import { insertCategory } from '../../../test/authz/records';
import { unique } from '../../../test/factories';
import { answerOf } from '../../../test/answer';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({ endpoint: categoryEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: categoryEndpoints.get,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.v1.categoryId } }),
    }),
    authz({
      endpoint: categoryEndpoints.create,
      ...MANAGERS,
      request: () => ({ body: { name: unique('Categoría') } }),
    }),
    authz({
      endpoint: categoryEndpoints.rename,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: await newCategory(f) },
        body: { name: unique('Categoría') },
      }),
    }),
    authz({
      endpoint: categoryEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({ params: { id: await newCategory(f) } }),
    }),
  ],
  audit: [
    // Categories
    {
      endpoint: categoryEndpoints.create,
      async run({ admin, adminId, mark }) {
        await mark();
        const name = unique('Categoría');
        const res = await admin.post(urlOf(categoryEndpoints.create), { name });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'category',
              entity_id: answerOf(categoryEndpoints.create, res).id,
              user: adminId,
              before: null,
              after: { name },
            },
          ],
        };
      },
    },
    {
      endpoint: categoryEndpoints.rename,
      async run({ ctx, admin, adminId, mark }) {
        const cat = await insertCategory(ctx);
        await mark();
        const name = unique('Renombrada');
        const res = await admin.put(urlOf(categoryEndpoints.rename, { params: { id: cat.id } }), { name });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'category',
              entity_id: cat.id,
              user: adminId,
              before: { name: cat.name },
              after: { name },
            },
          ],
        };
      },
    },
    {
      endpoint: categoryEndpoints.remove,
      async run({ ctx, hr, hrId, mark }) {
        const cat = await insertCategory(ctx);
        await mark();
        const res = await hr.delete(urlOf(categoryEndpoints.remove, { params: { id: cat.id } }));
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'delete',
              entity: 'category',
              entity_id: cat.id,
              user: hrId,
              before: { name: cat.name },
              after: null,
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: categoryEndpoints.get, params: (i) => ({ id: i.category }) }),
    fuzz({ endpoint: categoryEndpoints.create, body: () => ({ name: 'Categoría nueva' }) }),
    fuzz({
      endpoint: categoryEndpoints.rename,
      params: (i) => ({ id: i.category }),
      body: () => ({ name: 'Categoría renombrada' }),
    }),
    fuzz({ endpoint: categoryEndpoints.remove, params: (i) => ({ id: i.category }) }),
  ],
});
