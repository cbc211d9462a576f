import { categoryEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { describeEngines } from '../../../test/context';
import { loginAs, unique } from '../../../test/factories';
import { nowIso } from '../../time';

describeEngines('categories API', (t) => {
  it('creates, lists, reads, renames and deletes a category (admin)', async () => {
    const { client } = await loginAs(t(), 'admin');
    const name = unique('Docentes');
    const created = await client.post('/api/categories', { name: `  ${name}  ` });
    expect(created.statusCode).toBe(201);
    const cat = answerOf(categoryEndpoints.create, created);
    expect(created.json()).toEqual({ id: expect.any(Number), name });

    const list = await client.get('/api/categories');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(cat);

    expect((await client.get(`/api/categories/${cat.id}`)).json()).toEqual(cat);

    const renamed = await client.put(`/api/categories/${cat.id}`, { name: `${name} II` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: cat.id, name: `${name} II` });

    const deleted = await client.delete(`/api/categories/${cat.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await client.get(`/api/categories/${cat.id}`)).statusCode).toBe(404);

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
    const res = await client.post('/api/categories', { name: unique('Administrativos') });
    expect(res.statusCode).toBe(201);
  });

  it('pages and searches on the server when asked', async () => {
    const { client } = await loginAs(t(), 'admin');
    const tag = unique('Pag');
    for (const n of ['a', 'b', 'c']) await client.post('/api/categories', { name: `${tag} ${n}` });
    const res = await client.get(
      `/api/categories?q=${encodeURIComponent(tag.toUpperCase())}&page=2&pageSize=2`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rows: [{ id: expect.any(Number), name: `${tag} c` }],
      total: 3,
      page: 2,
      pageSize: 2,
    });
    const pct = await client.get('/api/categories?q=%25');
    expect(answerOf(categoryEndpoints.list, pct)).toMatchObject({ total: 0 });
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
    const long = await client.post('/api/categories', { name: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toBe('Máximo 120 caracteres.');
    const after = await t()
      .db.selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a duplicate name (case-insensitive) with 409', async () => {
    const { client } = await loginAs(t(), 'admin');
    const name = unique('Única');
    expect((await client.post('/api/categories', { name })).statusCode).toBe(201);
    const dup = await client.post('/api/categories', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'Ya existe una categoría con ese nombre.', code: 'DUPLICATE_NAME' });
  });

  it('refuses to delete a category that users or evaluations use, saying why', async () => {
    const { client } = await loginAs(t(), 'admin');
    const cat = answerOf(
      categoryEndpoints.create,
      await client.post('/api/categories', { name: unique('En uso') }),
    );
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
    const res = await client.delete(`/api/categories/${cat.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error:
        'No se puede eliminar la categoría porque la usan 1 usuario y 1 evaluación. Reasígnalos antes de eliminarla.',
      code: 'IN_USE',
    });
    expect((await client.get(`/api/categories/${cat.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    const { client } = await loginAs(t(), 'admin');
    const missing = await client.put('/api/categories/999999', { name: 'Nada' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'La categoría no existe.', code: 'NOT_FOUND' });
    expect((await client.delete('/api/categories/999999')).statusCode).toBe(404);
    const bad = await client.get('/api/categories/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('El identificador no es válido.');
  });

  it('answers 401 without a session on every categories call', async () => {
    const anon = t().client();
    for (const res of [
      await anon.get('/api/categories'),
      await anon.get('/api/categories/1'),
      await anon.post('/api/categories', { name: 'X' }),
      await anon.put('/api/categories/1', { name: 'X' }),
      await anon.delete('/api/categories/1'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it.each(['evaluador', 'colaborador'] as const)(
    'answers 403 to %s on every categories call',
    async (role) => {
      const { client } = await loginAs(t(), role);
      for (const res of [
        await client.get('/api/categories'),
        await client.get('/api/categories/1'),
        await client.post('/api/categories', { name: 'X' }),
        await client.put('/api/categories/1', { name: 'X' }),
        await client.delete('/api/categories/1'),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error: 'No tienes permisos para realizar esta acción.',
          code: 'FORBIDDEN',
        });
      }
    },
  );
});
