import { categoryEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting, statusOf } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { loginAs, unique } from '../../../test/factories';
import { nowIso } from '../../time';

describeEngines('categories API', (t) => {
  it('creates, lists, reads, renames and deletes a category (admin)', async () => {
    const { client } = await loginAs(t(), 'admin');
    const name = unique('Docentes');
    const created = await call(client, categoryEndpoints.create, { body: { name: `  ${name}  ` } });
    expect(created.status).toBe(201);
    const cat = created.body;
    expect(created.body).toEqual({ id: expect.any(Number), name });

    const list = await call(client, categoryEndpoints.list);
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(cat);

    expect((await call(client, categoryEndpoints.get, { params: { id: cat.id } })).body).toEqual(cat);

    const renamed = await call(client, categoryEndpoints.rename, {
      params: { id: cat.id },
      body: { name: `${name} II` },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: cat.id, name: `${name} II` });

    const deleted = await call(client, categoryEndpoints.remove, { params: { id: cat.id } });
    expect(deleted.status).toBe(204);
    expect(await statusOf(client, categoryEndpoints.get, { params: { id: cat.id } })).toBe(404);

    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'category')
      .where('entity_id', '=', cat.id)
      .orderBy('id')
      .execute();
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('lets gestionhumana manage categories too', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const res = await call(client, categoryEndpoints.create, { body: { name: unique('Administrativos') } });
    expect(res.status).toBe(201);
  });

  it('pages and searches on the server when asked', async () => {
    const { client } = await loginAs(t(), 'admin');
    const tag = unique('Pag');
    for (const n of ['a', 'b', 'c']) {
      await call(client, categoryEndpoints.create, { body: { name: `${tag} ${n}` } });
    }
    const res = await call(client, categoryEndpoints.list, {
      query: { q: tag.toUpperCase(), page: 2, pageSize: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rows: [{ id: expect.any(Number), name: `${tag} c` }],
      total: 3,
      page: 2,
      pageSize: 2,
    });
    const pct = await call(client, categoryEndpoints.list, { query: { q: '%' } });
    expect(pct.body).toMatchObject({ total: 0 });
  });

  it('requires a name, with the Spanish message, and changes nothing', async () => {
    const { client } = await loginAs(t(), 'admin');
    const before = await t()
      .db.selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [{ name: '' }, { name: '   ' }, {}, { name: 42 }]) {
      const res = await client.post('/api/categories', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'El nombre de la categoría es obligatorio.',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'body.name', message: 'El nombre de la categoría es obligatorio.' }],
      });
    }
    const long = await callExpecting(
      client,
      categoryEndpoints.create,
      { body: { name: 'x'.repeat(121) } },
      400,
    );
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Máximo 120 caracteres.');
    const after = await t()
      .db.selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a duplicate name (case-insensitive) with 409', async () => {
    const { client } = await loginAs(t(), 'admin');
    const name = unique('Única');
    expect(await statusOf(client, categoryEndpoints.create, { body: { name } })).toBe(201);
    const dup = await callExpecting(
      client,
      categoryEndpoints.create,
      { body: { name: name.toUpperCase() } },
      409,
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'Ya existe una categoría con ese nombre.', code: 'DUPLICATE_NAME' });
  });

  it('refuses to delete a category that users or evaluations use, saying why', async () => {
    const { client } = await loginAs(t(), 'admin');
    const { body: cat } = await call(client, categoryEndpoints.create, { body: { name: unique('En uso') } });
    await loginAs(t(), 'colaborador', { category_id: cat.id });
    await t()
      .db.insertInto('evaluations')
      .values({
        name: 'Evaluación 2026',
        period: '2026',
        weight_objectives: 50,
        weight_competencies: 50,
        category_id: cat.id,
        created_at: nowIso(),
      })
      .execute();
    const res = await callExpecting(client, categoryEndpoints.remove, { params: { id: cat.id } }, 409);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        'No se puede eliminar la categoría porque la usan 1 usuario y 1 evaluación. Reasígnalos antes de eliminarla.',
      code: 'IN_USE',
    });
    expect(await statusOf(client, categoryEndpoints.get, { params: { id: cat.id } })).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const { client } = await loginAs(t(), 'admin');
    const missing = await callExpecting(
      client,
      categoryEndpoints.rename,
      { params: { id: 999999 }, body: { name: 'Nada' } },
      404,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'La categoría no existe.', code: 'NOT_FOUND' });
    expect(await statusOf(client, categoryEndpoints.remove, { params: { id: 999999 } })).toBe(404);
    const bad = await callExpecting(client, categoryEndpoints.get, { params: { id: 'abc' } }, 400);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('El identificador no es válido.');
  });

  it('answers 401 without a session on every categories call', async () => {
    const anon = t().client();
    for (const res of [
      await callExpecting(anon, categoryEndpoints.list, {}, 401),
      await callExpecting(anon, categoryEndpoints.get, { params: { id: 1 } }, 401),
      await callExpecting(anon, categoryEndpoints.create, { body: { name: 'X' } }, 401),
      await callExpecting(anon, categoryEndpoints.rename, { params: { id: 1 }, body: { name: 'X' } }, 401),
      await callExpecting(anon, categoryEndpoints.remove, { params: { id: 1 } }, 401),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it.each(['evaluador', 'colaborador'] as const)(
    'answers 403 to %s on every categories call',
    async (role) => {
      const { client } = await loginAs(t(), role);
      for (const res of [
        await callExpecting(client, categoryEndpoints.list, {}, 403),
        await callExpecting(client, categoryEndpoints.get, { params: { id: 1 } }, 403),
        await callExpecting(client, categoryEndpoints.create, { body: { name: 'X' } }, 403),
        await callExpecting(
          client,
          categoryEndpoints.rename,
          { params: { id: 1 }, body: { name: 'X' } },
          403,
        ),
        await callExpecting(client, categoryEndpoints.remove, { params: { id: 1 } }, 403),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          error: 'No tienes permisos para realizar esta acción.',
          code: 'FORBIDDEN',
        });
      }
    },
  );
});
