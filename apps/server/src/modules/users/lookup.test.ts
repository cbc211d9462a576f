import { userEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs, unique } from '../../../test/factories';

const LOOKUP = '/api/users/lookup';

/** POST /api/users/lookup: who the ids of a 360 batch are (decision 035). */
describeEngines('users lookup API', (t) => {
  it('answers the users among the ids, with department, position and status; unknown ids are absent', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const ana = await createUser(t(), {
      name: unique('Ana'),
      department: 'Primaria',
      position: 'Docente',
    });
    const beto = await createUser(t(), { name: unique('Beto'), active: 0 });
    const res = await client.post(LOOKUP, { ids: [beto.id, 999999, ana.id, ana.id, String(ana.id)] });
    expect(res.statusCode, res.body).toBe(200);
    const body = answerOf(userEndpoints.lookup, res);
    expect(body).toEqual({
      rows: [
        { id: ana.id, name: ana.name, department: 'Primaria', position: 'Docente', status: true },
        { id: beto.id, name: beto.name, department: beto.department, position: beto.position, status: false },
      ].sort((a, b) => a.id - b.id),
    });
    // Nothing private: no e-mail, role or password fields.
    expect(Object.keys(res.json<{ rows: object[] }>().rows[0]!).sort()).toEqual([
      'department',
      'id',
      'name',
      'position',
      'status',
    ]);
    expect((await client.post(LOOKUP, { ids: [] })).json()).toEqual({ rows: [] });
  });

  it('takes a whole batch of 5000 ids in one call', async () => {
    const { client } = await loginAs(t(), 'admin');
    const known = await createUser(t(), { name: unique('Lote') });
    const ids = Array.from({ length: 4999 }, (_, i) => 1_000_000 + i).concat(known.id);
    const res = await client.post(LOOKUP, { ids });
    expect(res.statusCode).toBe(200);
    expect(answerOf(userEndpoints.lookup, res).rows.map((r) => r.id)).toEqual([known.id]);
  });

  it('validates the list with Spanish messages', async () => {
    const { client } = await loginAs(t(), 'admin');
    const cases: Array<[unknown, string, string]> = [
      [{}, 'La lista de usuarios no es válida.', 'body.ids'],
      [{ ids: 'x' }, 'La lista de usuarios no es válida.', 'body.ids'],
      [{ ids: [1, 'x'] }, 'La lista de usuarios no es válida.', 'body.ids.1'],
      [{ ids: [0] }, 'La lista de usuarios no es válida.', 'body.ids.0'],
      [{ ids: [2_147_483_648] }, 'La lista de usuarios no es válida.', 'body.ids.0'],
      [{ ids: Array(5001).fill(1) }, 'Se admiten como máximo 5000 usuarios por consulta.', 'body.ids'],
    ];
    for (const [body, error, field] of cases) {
      const res = await client.post(LOOKUP, body);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toMatchObject({ error, code: 'VALIDATION_ERROR' });
      expect(res.json<{ details: Array<{ field: string }> }>().details[0]!.field).toBe(field);
    }
  });

  const calls: Call[] = [{ method: 'POST', url: LOOKUP, body: { ids: [1] } }];
  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), calls);
  });
  it('answers 403 to evaluador and colaborador', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
