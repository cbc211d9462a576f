import { expect, it } from 'vitest';
import { describeEngines } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { bootstrap } from './service';

const admin = { name: 'Directora', email: 'directora@escuela.do', password: 'Primera-Clave-1' };

describeEngines('first run (empty database)', (t) => {
  it('reports that setup is needed, refuses a bad token, and creates the first admin once', async () => {
    const c = t().client();
    expect((await c.get('/api/setup/status')).json()).toEqual({ needsSetup: true });
    const boot = await bootstrap(t().db, undefined);
    expect(boot.kind).toBe('setup-link');
    const token = boot.kind === 'setup-link' ? boot.token : '';

    const bad = await c.post('/api/setup', { ...admin, token: 'no-es-el-token' });
    expect(bad.statusCode).toBe(403);
    expect(bad.json<{ error: string }>().error).toBe('El enlace de configuración no es válido o ya se usó.');

    const invalid = await c.post('/api/setup', { token, name: '', email: 'no-es-correo', password: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ details: Array<{ message: string }> }>().details.map((d) => d.message)).toEqual([
      'El nombre es obligatorio.',
      'El correo electrónico no es válido.',
      'La nueva contraseña debe tener al menos 8 caracteres.',
    ]);

    const ok = await c.post('/api/setup', { ...admin, token });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ user: { email: 'directora@escuela.do', role: 'admin', status: true } });
    expect((await c.get('/api/setup/status')).json()).toEqual({ needsSetup: false });

    const again = await c.post('/api/setup', { ...admin, email: 'otro@escuela.do', token });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe('La configuración inicial ya se completó.');

    expect((await t().client().login(admin.email, admin.password)).statusCode).toBe(200);
  });
});

describeEngines('first run with ADMIN_EMAIL and ADMIN_PASSWORD', (t) => {
  it('creates the admin from the environment, and does nothing once users exist', async () => {
    const boot = await bootstrap(t().db, { email: 'Admin@Escuela.do', password: 'Clave-Inicial-1' });
    expect(boot).toEqual({ kind: 'admin-created', email: 'Admin@Escuela.do' });
    expect((await t().client().login('admin@escuela.do', 'Clave-Inicial-1')).statusCode).toBe(200);
    expect(await bootstrap(t().db, undefined)).toEqual({ kind: 'ready' });
  });

  it('refuses the setup call once any user exists', async () => {
    await createUser(t());
    const res = await t()
      .client()
      .post('/api/setup', { ...admin, token: 'cualquiera' });
    expect(res.statusCode).toBe(409);
  });
});
