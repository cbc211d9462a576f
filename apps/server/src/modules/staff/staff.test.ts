import {
  authEndpoints,
  categoryEndpoints,
  collaboratorEndpoints,
  evaluatorEndpoints,
  userEndpoints,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { loginAs, unique } from '../../../test/factories';

describeEngines('evaluators and collaborators API', (t) => {
  it('manages evaluators: password only when creating, delete deactivates', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const email = `${unique('ev')}@escuela.do`;
    const noPassword = await client.post('/api/evaluators', { name: 'Rosa Peña', email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<{ error: string }>().error).toBe('La contraseña es obligatoria.');
    const create = (body: { name: string; email: string; password: string }) =>
      callExpecting(client, evaluatorEndpoints.create, { body }, 400);
    expect((await create({ name: '', email, password: 'Clave-123456' })).body.error).toBe(
      'El nombre es obligatorio.',
    );
    expect((await create({ name: 'R', email: '', password: 'Clave-123456' })).body.error).toBe(
      'El correo electrónico es obligatorio.',
    );

    const res = await call(client, evaluatorEndpoints.create, {
      body: { name: 'Rosa Peña', email, password: 'Clave-123456' },
    });
    expect(res.status).toBe(201);
    const ev = res.body;
    expect(res.body).toEqual({ id: ev.id, name: 'Rosa Peña', email });
    const login = await call(t().client(), authEndpoints.login, {
      body: { email, password: 'Clave-123456' },
    });
    expect(login.body.user.role).toBe('evaluador');

    const put = await call(client, evaluatorEndpoints.update, {
      params: { id: ev.id },
      body: { name: 'Rosa M. Peña', email, password: '' },
    });
    expect(put.body).toEqual({ id: ev.id, name: 'Rosa M. Peña', email });
    expect((await t().client().login(email, 'Clave-123456')).statusCode).toBe(200);
    expect((await call(client, evaluatorEndpoints.list)).body).toContainEqual({
      id: ev.id,
      name: 'Rosa M. Peña',
      email,
    });

    expect(await statusOf(client, evaluatorEndpoints.remove, { params: { id: ev.id } })).toBe(204);
    expect((await call(client, evaluatorEndpoints.list)).body).not.toContainEqual(
      expect.objectContaining({ id: ev.id }),
    );
    expect((await call(client, userEndpoints.get, { params: { id: ev.id } })).body).toMatchObject({
      id: ev.id,
      status: false,
    });
    // Not an evaluator: the view does not touch it.
    const { user: colab } = await loginAs(t(), 'colaborador');
    const notEvaluator = { params: { id: colab.id } };
    expect(
      await statusOf(client, evaluatorEndpoints.update, {
        ...notEvaluator,
        body: { name: 'X', email: colab.email },
      }),
    ).toBe(404);
    expect(await statusOf(client, evaluatorEndpoints.remove, notEvaluator)).toBe(404);
  });

  it('manages collaborators: name, position and category required; no password, so no login', async () => {
    const { client } = await loginAs(t(), 'admin');
    const { body: cat } = await call(client, categoryEndpoints.create, { body: { name: unique('Cat') } });
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
    const res = await call(client, collaboratorEndpoints.create, {
      body: { name: 'Juan Báez', position: 'Docente', department: 'Inglés', email, category_id: cat.id },
    });
    expect(res.status).toBe(201);
    const c = res.body;
    expect(res.body).toEqual({
      id: c.id,
      name: 'Juan Báez',
      position: 'Docente',
      department: 'Inglés',
      email,
      category_id: cat.id,
    });
    expect((await t().client().login(email, '')).statusCode).toBe(400);
    expect((await t().client().login(email, 'cualquier-cosa')).statusCode).toBe(401);
    const noEmail = await call(client, collaboratorEndpoints.create, {
      body: { name: 'Sin Correo', position: 'Conserje', category_id: cat.id, email: '' },
    });
    expect(noEmail.body).toMatchObject({ email: null });

    const theCollaborator = { params: { id: c.id } };
    const put = await call(client, collaboratorEndpoints.update, {
      ...theCollaborator,
      body: { name: 'Juan A. Báez', position: 'Coordinador', department: null, email, category_id: cat.id },
    });
    expect(put.body).toMatchObject({ name: 'Juan A. Báez', position: 'Coordinador', department: null });
    expect((await call(client, collaboratorEndpoints.get, theCollaborator)).body).toEqual(put.body);
    expect(await statusOf(client, collaboratorEndpoints.remove, theCollaborator)).toBe(204);
    expect((await call(client, collaboratorEndpoints.list)).body).not.toContainEqual(
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
