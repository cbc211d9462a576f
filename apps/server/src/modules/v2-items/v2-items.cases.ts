import { v2ItemEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { newDraft } from '../../../test/authz/requests';
import { createV2Draft } from '../../../test/v2';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';
import { expect } from 'vitest';

export default defineCases({
  authz: [
    authz({
      endpoint: v2ItemEndpoints.list,
      cases: {
        own: 'an open evaluation in which the caller rates someone',
        other: 'an evaluation in which the caller rates no one',
        ownWhileDraft: 'a draft in which the caller is assigned to rate someone',
      },
      ...MANAGERS,
      evaluador: { own: 'allow', other: 'deny', ownWhileDraft: 'deny' },
      colaborador: { own: 'allow', other: 'deny', ownWhileDraft: 'deny' },
      request: (f, _caller, c) => ({
        params: { id: c === 'other' ? f.closed.id : c === 'ownWhileDraft' ? f.draft.id : f.open.id },
      }),
    }),
    authz({
      endpoint: v2ItemEndpoints.replace,
      ...MANAGERS,
      request: async (f) => ({
        params: { id: await newDraft(f) },
        body: { items: [{ question_text: 'Comunica con claridad.', type: 'rating' }] },
      }),
    }),
  ],
  audit: [
    {
      endpoint: v2ItemEndpoints.replace,
      async run({ admin, adminId, mark }) {
        const draft = await createV2Draft(admin);
        await mark();
        const res = await admin.put(urlOf(v2ItemEndpoints.replace, { params: { id: draft.id } }), {
          items: [{ question_text: 'Cumple sus compromisos.', type: 'yes_no' }],
        });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'update_items',
              entity: 'v2_evaluation',
              entity_id: draft.id,
              user: adminId,
              before: [],
              after: [expect.objectContaining({ question_text: 'Cumple sus compromisos.' })],
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({ endpoint: v2ItemEndpoints.list, params: (i) => ({ id: i.draft }) }),
    fuzz({
      endpoint: v2ItemEndpoints.replace,
      params: (i) => ({ id: i.draft }),
      body: (i) => ({
        items: [
          {
            id: i.draftItems[0]!.id,
            question_text: 'Comunica con claridad.',
            type: 'rating',
            section: 'competency',
            weight: 1.5,
            scale_id: null,
            scale_min: 1,
            scale_max: 5,
            scale_labels: ['Nunca', 'Casi nunca', 'A veces', 'Casi siempre', 'Siempre'],
            position: 0,
          },
          { id: i.draftItems[1]!.id, type: 'yes_no', weight: 1 },
          { id: i.draftItems[2]!.id },
          { question_text: 'Nuevo ítem', type: 'status_3', section: 'objective' },
        ],
      }),
    }),
  ],
});
