import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';
import { userEndpoints, type Paged, type UserListRow } from '@evalua/contracts';
import { answerOf } from '../../../test/answer';

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Carmen Núñez',
  email: `${unique('carmen')}@escuela.do`,
  password: 'Clave-Nueva-1',
  role: 'colaborador',
  position: 'Docente',
  department: 'Ciencias',
  category_id: null,
  ...over,
});

/** A list answer that must be a page (asked with ?page= or ?q=). */
function pageOf(answer: UserListRow[] | Paged<UserListRow>): Paged<UserListRow> {
  if (Array.isArray(answer)) throw new Error('se esperaba una página');
  return answer;
}

describeEngines('users API', (t) => {
  it('creates a user (no password or hash in any response) who can then log in', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const body = newUser();
    const res = await client.post('/api/users', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Carmen Núñez',
      email: body.email,
      role: 'colaborador',
      position: 'Docente',
      department: 'Ciencias',
      category_id: null,
      status: true,
      manager_id: null,
      manager_name: null,
      // HR typed the address and the password (decision 040).
      email_confirmed: false,
      rater_standing: 'chosen_by_hr',
    });
    expect(res.body).not.toMatch(/password|hash|argon/i);
    const list = await client.get('/api/users');
    expect(list.body).not.toMatch(/password|hash|argon/i);
    expect((await t().client().login(body.email, 'Clave-Nueva-1')).statusCode).toBe(200);
  });

  it('lists bare as an array, and paged by 10 with a search by name or e-mail', async () => {
    const { client } = await loginAs(t(), 'admin');
    const tag = unique('Zeta');
    for (let i = 0; i < 12; i += 1) await createUser(t(), { name: `${tag} ${String(i).padStart(2, '0')}` });
    const bare = await client.get('/api/users');
    expect(Array.isArray(bare.json())).toBe(true);
    const page2 = await client.get(`/api/users?q=${encodeURIComponent(tag.toLowerCase())}&page=2`);
    const body = pageOf(answerOf(userEndpoints.list, page2));
    expect(body.total).toBe(12);
    expect(body.pageSize).toBe(10);
    expect(body.rows.map((r) => r.name)).toEqual([`${tag} 10`, `${tag} 11`]);
    const byEmail = await createUser(t(), { email: `${unique('buscable')}@otro.do` });
    const found = await client.get(`/api/users?q=${encodeURIComponent(byEmail.email.slice(0, 12))}`);
    expect(pageOf(answerOf(userEndpoints.list, found)).rows.map((r) => r.id)).toContain(byEmail.id);
    // Case does not matter; a page past the last one still says how many there are.
    const upper = pageOf(
      answerOf(
        userEndpoints.list,
        await client.get(`/api/users?q=${encodeURIComponent(tag.toUpperCase())}&page=1`),
      ),
    );
    expect(upper.total).toBe(12);
    expect(upper.rows).toHaveLength(10);
    const past = pageOf(
      answerOf(userEndpoints.list, await client.get(`/api/users?q=${encodeURIComponent(tag)}&page=5`)),
    );
    expect(past).toMatchObject({ total: 12, rows: [] });
    const none = pageOf(
      answerOf(userEndpoints.list, await client.get(`/api/users?q=nadie-se-llama-asi&page=1`)),
    );
    expect(none).toMatchObject({ total: 0, rows: [] });
  });

  it('validates with the spec messages and changes nothing', async () => {
    const { client } = await loginAs(t(), 'admin');
    const cases: Array<[Record<string, unknown>, string]> = [
      [newUser({ name: '' }), 'El nombre es obligatorio.'],
      [newUser({ email: '' }), 'El correo electrónico es obligatorio.'],
      [newUser({ email: 'no-es-correo' }), 'El correo electrónico no es válido.'],
      [newUser({ password: '' }), 'La contraseña es obligatoria.'],
      [newUser({ role: undefined }), 'El rol es obligatorio.'],
      [newUser({ role: 'jefe' }), 'El rol es obligatorio.'],
      [newUser({ category_id: 999999 }), 'La categoría no existe.'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/users', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(message);
    }
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const { client } = await loginAs(t(), 'admin');
    const existing = await createUser(t());
    const res = await client.post('/api/users', newUser({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Ya existe un usuario con ese correo electrónico.',
      code: 'DUPLICATE_EMAIL',
    });
    const other = await createUser(t());
    const put = await client.put(`/api/users/${other.id}`, {
      ...newUser(),
      email: existing.email,
      password: undefined,
    });
    expect(put.statusCode).toBe(409);
  });

  it('edits the whole user; the password changes only when given, and then ends their sessions', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const { user, client: theirs } = await loginAs(t(), 'colaborador');
    const edit = {
      name: 'Nombre Nuevo',
      email: user.email,
      role: 'evaluador',
      position: 'Coordinador',
      department: null,
      category_id: null,
    };
    const res = await client.put(`/api/users/${user.id}`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nombre Nuevo', role: 'evaluador', position: 'Coordinador' });
    expect((await theirs.get('/api/users/me')).statusCode).toBe(200);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);

    const withPassword = await client.put(`/api/users/${user.id}`, { ...edit, password: 'Otra-Clave-99' });
    expect(withPassword.statusCode).toBe(200);
    expect((await theirs.get('/api/users/me')).statusCode).toBe(401);
    expect((await t().client().login(user.email, 'Otra-Clave-99')).statusCode).toBe(200);
    expect((await client.put('/api/users/999999', edit)).statusCode).toBe(404);
  });

  it('lets only an admin create or edit admins, or give the admin role', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const created = await hr.post('/api/users', newUser({ role: 'admin' }));
    expect(created.statusCode).toBe(403);
    expect(created.json<{ error: string }>().error).toBe(
      'Solo un administrador puede crear o modificar administradores, o asignar ese rol.',
    );
    const admin = await createUser(t(), { role: 'admin' });
    const edit = {
      name: 'X',
      email: admin.email,
      role: 'admin',
      position: null,
      department: null,
      category_id: null,
    };
    expect((await hr.put(`/api/users/${admin.id}`, edit)).statusCode).toBe(403);
    expect((await hr.patch(`/api/users/${admin.id}/status`, { status: false })).statusCode).toBe(403);
    const colab = await createUser(t());
    const promote = {
      name: 'X',
      email: colab.email,
      role: 'admin',
      position: null,
      department: null,
      category_id: null,
    };
    expect((await hr.put(`/api/users/${colab.id}`, promote)).statusCode).toBe(403);

    const { client: adminClient } = await loginAs(t(), 'admin');
    expect((await adminClient.post('/api/users', newUser({ role: 'admin' }))).statusCode).toBe(201);
    expect((await adminClient.put(`/api/users/${colab.id}`, promote)).statusCode).toBe(200);
  });

  it('toggles status, ends the sessions of a deactivated user, and never deletes', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const { user, client: theirs } = await loginAs(t(), 'evaluador');
    const off = await client.patch(`/api/users/${user.id}/status`, {});
    expect(off.statusCode).toBe(200);
    expect(answerOf(userEndpoints.setStatus, off).status).toBe(false);
    expect((await theirs.get('/api/users/me')).statusCode).toBe(401);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    const on = await client.patch(`/api/users/${user.id}/status`, { status: true });
    expect(answerOf(userEndpoints.setStatus, on).status).toBe(true);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses to deactivate oneself and the last active admin', async () => {
    const isolated = t();
    // Make this test's admin the only active one.
    await isolated.db.updateTable('users').set({ active: 0 }).where('role', '=', 'admin').execute();
    const { user: me, client } = await loginAs(isolated, 'admin');
    const self = await client.patch(`/api/users/${me.id}/status`, { status: false });
    expect(self.statusCode).toBe(409);
    expect(self.json<{ error: string }>().error).toBe('No puedes desactivar tu propia cuenta.');
    const demote = {
      name: me.name,
      email: me.email,
      role: 'gestionhumana',
      position: null,
      department: null,
      category_id: null,
    };
    const res = await client.put(`/api/users/${me.id}`, demote);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe('Debe quedar al menos un administrador activo.');
    const { user: second } = await loginAs(isolated, 'admin');
    expect((await client.put(`/api/users/${me.id}`, demote)).statusCode).toBe(200);
    expect(
      (
        await isolated.db
          .selectFrom('users')
          .select('role')
          .where('id', '=', second.id)
          .executeTakeFirstOrThrow()
      ).role,
    ).toBe('admin');
  });

  it('GET /api/users/{id}: self, admin and HR, and an evaluator for an assigned collaborator only', async () => {
    const { user: evaluator, client: evalClient } = await loginAs(t(), 'evaluador');
    const assigned = await createUser(t());
    const stranger = await createUser(t());
    await t()
      .db.insertInto('assignments')
      .values({
        evaluator_id: evaluator.id,
        collaborator_id: assigned.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await evalClient.get(`/api/users/${assigned.id}`)).statusCode).toBe(200);
    expect((await evalClient.get(`/api/users/${evaluator.id}`)).statusCode).toBe(200);
    expect((await evalClient.get(`/api/users/${stranger.id}`)).statusCode).toBe(403);
    const { user: colab, client: colabClient } = await loginAs(t(), 'colaborador');
    expect((await colabClient.get(`/api/users/${colab.id}`)).statusCode).toBe(200);
    expect((await colabClient.get(`/api/users/${stranger.id}`)).statusCode).toBe(403);
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    expect((await hr.get(`/api/users/${stranger.id}`)).statusCode).toBe(200);
    expect((await hr.get('/api/users/999999')).statusCode).toBe(404);
  });

  const managementCalls: Call[] = [
    { method: 'GET', url: '/api/users' },
    { method: 'POST', url: '/api/users', body: newUser() },
    { method: 'PUT', url: '/api/users/1', body: newUser() },
    { method: 'PATCH', url: '/api/users/1/status', body: {} },
  ];

  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), [...managementCalls, { method: 'GET', url: '/api/users/1' }]);
  });

  it('answers 403 to evaluador and colaborador on management calls', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], managementCalls);
  });
});
