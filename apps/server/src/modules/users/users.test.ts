import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';
import {
  authEndpoints,
  onePage,
  userEndpoints,
  type CreateUserInput,
  type UpdateUserInput,
} from '@evalua/contracts';
import { call, callExpecting, statusOf } from '../../../test/call';
import type { TestClient } from '../../../test/client';

const validUser = (over: Partial<CreateUserInput> = {}): CreateUserInput => ({
  name: 'Carmen Núñez',
  email: `${unique('carmen')}@escuela.do`,
  password: 'Clave-Nueva-1',
  role: 'colaborador',
  position: 'Docente',
  department: 'Ciencias',
  category_id: null,
  ...over,
});
/** A body to send raw: any field may break the contract (the validation cases). */
const newUser = (over: Record<string, unknown> = {}) => ({ ...validUser(), ...over });

/** A page of the list (asked with ?page= or ?q=). */
const listPage = async (client: TestClient, query: { q?: string; page?: number }) =>
  onePage((await call(client, userEndpoints.list, { query })).body);

describeEngines('users API', (t) => {
  it('creates a user (no password or hash in any response) who can then log in', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const body = validUser();
    const res = await call(client, userEndpoints.create, { body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
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
    expect(res.res.body).not.toMatch(/password|hash|argon/i);
    const list = await call(client, userEndpoints.list);
    expect(list.res.body).not.toMatch(/password|hash|argon/i);
    expect((await t().client().login(body.email, 'Clave-Nueva-1')).statusCode).toBe(200);
  });

  it('lists bare as an array, and paged by 10 with a search by name or e-mail', async () => {
    const { client } = await loginAs(t(), 'admin');
    const tag = unique('Zeta');
    for (let i = 0; i < 12; i += 1) await createUser(t(), { name: `${tag} ${String(i).padStart(2, '0')}` });
    const bare = await call(client, userEndpoints.list);
    expect(Array.isArray(bare.body)).toBe(true);
    const body = await listPage(client, { q: tag.toLowerCase(), page: 2 });
    expect(body.total).toBe(12);
    expect(body.pageSize).toBe(10);
    expect(body.rows.map((r) => r.name)).toEqual([`${tag} 10`, `${tag} 11`]);
    const byEmail = await createUser(t(), { email: `${unique('buscable')}@otro.do` });
    const found = await listPage(client, { q: byEmail.email.slice(0, 12) });
    expect(found.rows.map((r) => r.id)).toContain(byEmail.id);
    // Case does not matter; a page past the last one still says how many there are.
    const upper = await listPage(client, { q: tag.toUpperCase(), page: 1 });
    expect(upper.total).toBe(12);
    expect(upper.rows).toHaveLength(10);
    const past = await listPage(client, { q: tag, page: 5 });
    expect(past).toMatchObject({ total: 12, rows: [] });
    const none = await listPage(client, { q: 'nadie-se-llama-asi', page: 1 });
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
    const res = await callExpecting(
      client,
      userEndpoints.create,
      { body: validUser({ email: existing.email.toUpperCase() }) },
      409,
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Ya existe un usuario con ese correo electrónico.',
      code: 'DUPLICATE_EMAIL',
    });
    const other = await createUser(t());
    const put = await callExpecting(
      client,
      userEndpoints.update,
      { params: { id: other.id }, body: { ...validUser(), email: existing.email, password: undefined } },
      409,
    );
    expect(put.status).toBe(409);
  });

  it('edits the whole user; the password changes only when given, and then ends their sessions', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const { user, client: theirs } = await loginAs(t(), 'colaborador');
    const edit: UpdateUserInput = {
      name: 'Nombre Nuevo',
      email: user.email,
      role: 'evaluador',
      position: 'Coordinador',
      department: null,
      category_id: null,
    };
    const res = await call(client, userEndpoints.update, { params: { id: user.id }, body: edit });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Nombre Nuevo', role: 'evaluador', position: 'Coordinador' });
    expect(await statusOf(theirs, authEndpoints.me)).toBe(200);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);

    const withPassword = await call(client, userEndpoints.update, {
      params: { id: user.id },
      body: { ...edit, password: 'Otra-Clave-99' },
    });
    expect(withPassword.status).toBe(200);
    expect(await statusOf(theirs, authEndpoints.me, {})).toBe(401);
    expect((await t().client().login(user.email, 'Otra-Clave-99')).statusCode).toBe(200);
    expect(await statusOf(client, userEndpoints.update, { params: { id: 999999 }, body: edit })).toBe(404);
  });

  it('lets only an admin create or edit admins, or give the admin role', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const created = await callExpecting(
      hr,
      userEndpoints.create,
      { body: validUser({ role: 'admin' }) },
      403,
    );
    expect(created.status).toBe(403);
    expect(created.body.error).toBe(
      'Solo un administrador puede crear o modificar administradores, o asignar ese rol.',
    );
    const admin = await createUser(t(), { role: 'admin' });
    const edit: UpdateUserInput = {
      name: 'X',
      email: admin.email,
      role: 'admin',
      position: null,
      department: null,
      category_id: null,
    };
    const asHr = { params: { id: admin.id } };
    expect(await statusOf(hr, userEndpoints.update, { ...asHr, body: edit })).toBe(403);
    expect(await statusOf(hr, userEndpoints.setStatus, { ...asHr, body: { status: false } })).toBe(403);
    const colab = await createUser(t());
    const promote: UpdateUserInput = {
      name: 'X',
      email: colab.email,
      role: 'admin',
      position: null,
      department: null,
      category_id: null,
    };
    const promoteColab = { params: { id: colab.id }, body: promote };
    expect(await statusOf(hr, userEndpoints.update, promoteColab)).toBe(403);

    const { client: adminClient } = await loginAs(t(), 'admin');
    expect(await statusOf(adminClient, userEndpoints.create, { body: validUser({ role: 'admin' }) })).toBe(
      201,
    );
    expect(await statusOf(adminClient, userEndpoints.update, promoteColab)).toBe(200);
  });

  it('toggles status, ends the sessions of a deactivated user, and never deletes', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const { user, client: theirs } = await loginAs(t(), 'evaluador');
    const off = await call(client, userEndpoints.setStatus, { params: { id: user.id }, body: {} });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe(false);
    expect(await statusOf(theirs, authEndpoints.me, {})).toBe(401);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    const on = await call(client, userEndpoints.setStatus, {
      params: { id: user.id },
      body: { status: true },
    });
    expect(on.body.status).toBe(true);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses to deactivate oneself and the last active admin', async () => {
    const isolated = t();
    // Make this test's admin the only active one.
    await isolated.db.updateTable('users').set({ active: 0 }).where('role', '=', 'admin').execute();
    const { user: me, client } = await loginAs(isolated, 'admin');
    const self = await callExpecting(
      client,
      userEndpoints.setStatus,
      { params: { id: me.id }, body: { status: false } },
      409,
    );
    expect(self.status).toBe(409);
    expect(self.body.error).toBe('No puedes desactivar tu propia cuenta.');
    const demote: UpdateUserInput = {
      name: me.name,
      email: me.email,
      role: 'gestionhumana',
      position: null,
      department: null,
      category_id: null,
    };
    const demoteMe = { params: { id: me.id }, body: demote };
    const res = await callExpecting(client, userEndpoints.update, demoteMe, 409);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Debe quedar al menos un administrador activo.');
    const { user: second } = await loginAs(isolated, 'admin');
    expect(await statusOf(client, userEndpoints.update, demoteMe)).toBe(200);
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
    const read = (id: number) => ({ params: { id } });
    expect(await statusOf(evalClient, userEndpoints.get, read(assigned.id))).toBe(200);
    expect(await statusOf(evalClient, userEndpoints.get, read(evaluator.id))).toBe(200);
    expect(await statusOf(evalClient, userEndpoints.get, read(stranger.id))).toBe(403);
    const { user: colab, client: colabClient } = await loginAs(t(), 'colaborador');
    expect(await statusOf(colabClient, userEndpoints.get, read(colab.id))).toBe(200);
    expect(await statusOf(colabClient, userEndpoints.get, read(stranger.id))).toBe(403);
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    expect(await statusOf(hr, userEndpoints.get, read(stranger.id))).toBe(200);
    expect(await statusOf(hr, userEndpoints.get, read(999999))).toBe(404);
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
