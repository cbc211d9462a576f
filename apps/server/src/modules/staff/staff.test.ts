import {
  authEndpoints,
  categoryEndpoints,
  collaboratorEndpoints,
  evaluatorEndpoints,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { answerOf } from '../../../test/answer';
import { describeEngines } from '../../../test/context';
import { loginAs, unique } from '../../../test/factories';

describeEngines('evaluators and collaborators API', (t) => {
  it('manages evaluators: password only when creating, delete deactivates', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const email = `${unique('ev')}@escuela.do`;
    const noPassword = await client.post('/api/evaluators', { name: 'Rosa Peña', email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<{ error: string }>().error).toBe('La contraseña es obligatoria.');
    expect(
      (await client.post('/api/evaluators', { name: '', email, password: 'Clave-123456' })).json<{
        error: string;
      }>().error,
    ).toBe('El nombre es obligatorio.');
    expect(
      (await client.post('/api/evaluators', { name: 'R', email: '', password: 'Clave-123456' })).json<{
        error: string;
      }>().error,
    ).toBe('El correo electrónico es obligatorio.');

    const res = await client.post('/api/evaluators', { name: 'Rosa Peña', email, password: 'Clave-123456' });
    expect(res.statusCode).toBe(201);
    const ev = answerOf(evaluatorEndpoints.create, res);
    expect(res.json()).toEqual({ id: ev.id, name: 'Rosa Peña', email });
    expect(answerOf(authEndpoints.login, await t().client().login(email, 'Clave-123456')).user.role).toBe(
      'evaluador',
    );

    const put = await client.put(`/api/evaluators/${ev.id}`, { name: 'Rosa M. Peña', email, password: '' });
    expect(put.json()).toEqual({ id: ev.id, name: 'Rosa M. Peña', email });
    expect((await t().client().login(email, 'Clave-123456')).statusCode).toBe(200);
    expect((await client.get('/api/evaluators')).json()).toContainEqual({
      id: ev.id,
      name: 'Rosa M. Peña',
      email,
    });

    expect((await client.delete(`/api/evaluators/${ev.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/evaluators')).json()).not.toContainEqual(
      expect.objectContaining({ id: ev.id }),
    );
    expect((await client.get(`/api/users/${ev.id}`)).json()).toMatchObject({ id: ev.id, status: false });
    // Not an evaluator: the view does not touch it.
    const { user: colab } = await loginAs(t(), 'colaborador');
    expect(
      (await client.put(`/api/evaluators/${colab.id}`, { name: 'X', email: colab.email })).statusCode,
    ).toBe(404);
    expect((await client.delete(`/api/evaluators/${colab.id}`)).statusCode).toBe(404);
  });

  it('manages collaborators: name, position and category required; no password, so no login', async () => {
    const { client } = await loginAs(t(), 'admin');
    const cat = answerOf(
      categoryEndpoints.create,
      await client.post('/api/categories', { name: unique('Cat') }),
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', position: 'Docente', category_id: cat.id }, 'El nombre es obligatorio.'],
      [{ name: 'Juan', position: '', category_id: cat.id }, 'El puesto es obligatorio.'],
      [{ name: 'Juan', position: 'Docente' }, 'La categoría es obligatoria.'],
      [
        { name: 'Juan', position: 'Docente', category_id: cat.id, email: 'malo' },
        'El correo electrónico no es válido.',
      ],
      [{ name: 'Juan', position: 'Docente', category_id: 999999 }, 'La categoría no existe.'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/collaborators', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(message);
    }
    const email = `${unique('col')}@escuela.do`;
    const res = await client.post('/api/collaborators', {
      name: 'Juan Báez',
      position: 'Docente',
      department: 'Inglés',
      email,
      category_id: cat.id,
    });
    expect(res.statusCode).toBe(201);
    const c = answerOf(collaboratorEndpoints.create, res);
    expect(res.json()).toEqual({
      id: c.id,
      name: 'Juan Báez',
      position: 'Docente',
      department: 'Inglés',
      email,
      category_id: cat.id,
    });
    expect((await t().client().login(email, '')).statusCode).toBe(400);
    expect((await t().client().login(email, 'cualquier-cosa')).statusCode).toBe(401);
    const noEmail = await client.post('/api/collaborators', {
      name: 'Sin Correo',
      position: 'Conserje',
      category_id: cat.id,
      email: '',
    });
    expect(noEmail.json()).toMatchObject({ email: null });

    const put = await client.put(`/api/collaborators/${c.id}`, {
      name: 'Juan A. Báez',
      position: 'Coordinador',
      department: null,
      email,
      category_id: cat.id,
    });
    expect(put.json()).toMatchObject({ name: 'Juan A. Báez', position: 'Coordinador', department: null });
    expect((await client.get(`/api/collaborators/${c.id}`)).json()).toEqual(put.json());
    expect((await client.delete(`/api/collaborators/${c.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/collaborators')).json()).not.toContainEqual(
      expect.objectContaining({ id: c.id }),
    );
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/evaluators' },
      { method: 'GET' as const, url: '/api/evaluators/1' },
      {
        method: 'POST' as const,
        url: '/api/evaluators',
        body: { name: 'X', email: 'x@x.do', password: 'Clave-123456' },
      },
      { method: 'PUT' as const, url: '/api/evaluators/1', body: { name: 'X', email: 'x@x.do' } },
      { method: 'DELETE' as const, url: '/api/evaluators/1' },
      { method: 'GET' as const, url: '/api/collaborators' },
      { method: 'GET' as const, url: '/api/collaborators/1' },
      {
        method: 'POST' as const,
        url: '/api/collaborators',
        body: { name: 'X', position: 'Y', category_id: 1 },
      },
      {
        method: 'PUT' as const,
        url: '/api/collaborators/1',
        body: { name: 'X', position: 'Y', category_id: 1 },
      },
      { method: 'DELETE' as const, url: '/api/collaborators/1' },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
