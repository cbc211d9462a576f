import { v2TemplateEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { newTemplate } from '../../../test/authz/requests';
import { unique } from '../../../test/factories';
import { createV2Draft } from '../../../test/v2';
import { answerOf } from '../../../test/answer';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    // 360: scales and templates.
    authz({ endpoint: v2TemplateEndpoints.scales, ...MANAGERS, request: () => ({}) }),
    authz({ endpoint: v2TemplateEndpoints.list, ...MANAGERS, request: () => ({}) }),
    authz({
      endpoint: v2TemplateEndpoints.create,
      ...MANAGERS,
      request: (f) => ({
        body: { evaluation_id: f.closed.id, name: unique('Plantilla') },
      }),
    }),
    authz({
      endpoint: v2TemplateEndpoints.rename,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: await newTemplate(f) },
        body: { name: unique('Plantilla') },
      }),
    }),
    authz({
      endpoint: v2TemplateEndpoints.remove,
      ...MANAGERS,
      request: async (f) => ({ params: { id: await newTemplate(f) } }),
    }),
  ],
  audit: [
    {
      endpoint: v2TemplateEndpoints.create,
      async run({ admin, adminId, mark }) {
        const draft = await createV2Draft(admin);
        await mark();
        const name = unique('Plantilla');
        const res = await admin.post(urlOf(v2TemplateEndpoints.create), { evaluation_id: draft.id, name });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'v2_template',
              entity_id: answerOf(v2TemplateEndpoints.create, res).id,
              user: adminId,
              after: { name, from_evaluation_id: draft.id },
            },
          ],
        };
      },
    },
    {
      endpoint: v2TemplateEndpoints.rename,
      async run({ admin, hr, hrId, mark }) {
        const draft = await createV2Draft(admin);
        const created = await admin.post(urlOf(v2TemplateEndpoints.create), {
          evaluation_id: draft.id,
          name: unique('Plantilla'),
        });
        await mark();
        const name = unique('Plantilla renombrada');
        const res = await hr.put(
          urlOf(v2TemplateEndpoints.rename, {
            params: { id: answerOf(v2TemplateEndpoints.create, created).id },
          }),
          {
            name,
          },
        );
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update',
              entity: 'v2_template',
              entity_id: answerOf(v2TemplateEndpoints.create, created).id,
              user: hrId,
              before: { name: answerOf(v2TemplateEndpoints.create, created).name },
              after: { name },
            },
          ],
        };
      },
    },
    {
      endpoint: v2TemplateEndpoints.remove,
      async run({ admin, adminId, mark }) {
        const draft = await createV2Draft(admin);
        const created = await admin.post(urlOf(v2TemplateEndpoints.create), {
          evaluation_id: draft.id,
          name: unique('Plantilla'),
        });
        await mark();
        const res = await admin.delete(
          urlOf(v2TemplateEndpoints.remove, {
            params: { id: answerOf(v2TemplateEndpoints.create, created).id },
          }),
        );
        return {
          res,
          status: 204,
          entries: [
            {
              action: 'delete',
              entity: 'v2_template',
              entity_id: answerOf(v2TemplateEndpoints.create, created).id,
              user: adminId,
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: v2TemplateEndpoints.create,
      body: (i) => ({ evaluation_id: i.draft, name: 'Plantilla nueva' }),
    }),
    fuzz({
      endpoint: v2TemplateEndpoints.rename,
      params: (i) => ({ id: i.template }),
      body: () => ({ name: 'Plantilla renombrada' }),
    }),
    fuzz({ endpoint: v2TemplateEndpoints.remove, params: (i) => ({ id: i.template }) }),
  ],
});
