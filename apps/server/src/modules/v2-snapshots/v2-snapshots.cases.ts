import { v2SnapshotEndpoints } from '@evalua/contracts';
import { MANAGERS } from '../../../test/authz/matrix';
import { unique } from '../../../test/factories';
import { createOpenV2 } from '../../../test/v2';
import { answerOf } from '../../../test/answer';
import { authz, defineCases, fuzz, urlOf } from '../../../test/cases';

export default defineCases({
  authz: [
    authz({
      endpoint: v2SnapshotEndpoints.create,
      ...MANAGERS,
      request: (f) => ({
        params: { id: f.closed.id },
        body: { label: unique('Corte'), notes: null },
      }),
    }),
    authz({
      endpoint: v2SnapshotEndpoints.list,
      ...MANAGERS,
      request: (f) => ({ params: { id: f.closed.id } }),
    }),
    authz({
      endpoint: v2SnapshotEndpoints.get,
      ...MANAGERS,
      request: (f) => ({
        params: { id: f.closed.id, snapshotId: f.snapshotId },
      }),
    }),
  ],
  audit: [
    {
      endpoint: v2SnapshotEndpoints.create,
      async run({ hr, hrId, mark }) {
        const evaluation = await createOpenV2(hr);
        await mark();
        const res = await hr.post(urlOf(v2SnapshotEndpoints.create, { params: { id: evaluation.id } }), {
          label: 'Corte de mitad',
        });
        return {
          res,
          status: 201,
          entries: [
            {
              action: 'create',
              entity: 'v2_snapshot',
              entity_id: answerOf(v2SnapshotEndpoints.create, res).snapshot.id,
              user: hrId,
              after: { label: 'Corte de mitad', evaluation_id: evaluation.id },
            },
          ],
        };
      },
    },
  ],
  robustness: [
    fuzz({
      endpoint: v2SnapshotEndpoints.create,
      params: (i) => ({ id: i.open }),
      body: () => ({ label: 'Corte', notes: 'Notas del corte' }),
    }),
    fuzz({ endpoint: v2SnapshotEndpoints.list, params: (i) => ({ id: i.open }) }),
    fuzz({ endpoint: v2SnapshotEndpoints.get, params: (i) => ({ id: i.open, snapshotId: i.snapshot }) }),
  ],
});
