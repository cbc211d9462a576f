import { expect, it } from 'vitest';
import { describeEngines } from '../../../test/context';
import { DEFAULT_PASSWORD, loginAs } from '../../../test/factories';

describeEngines('profile API', (t) => {
  it('GET /api/profile answers the own name, e-mail, department and position', async () => {
    const { client } = await loginAs(t(), 'colaborador', {
      name: 'Luis Gómez',
      email: 'luis.gomez@escuela.do',
      department: 'Matemáticas',
      position: 'Docente',
    });
    const res = await client.get('/api/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Luis Gómez',
      email: 'luis.gomez@escuela.do',
      department: 'Matemáticas',
      position: 'Docente',
    });
  });

  it('changes the password and ends the other sessions of that user', async () => {
    const { user, client } = await loginAs(t(), 'evaluador');
    const other = t().client();
    expect((await other.login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const res = await client.post('/api/profile/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Nueva-Clave-456',
    });
    expect(res.statusCode).toBe(204);
    expect((await client.get('/api/users/me')).statusCode).toBe(200);
    expect((await other.get('/api/users/me')).statusCode).toBe(401);
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await t().client().login(user.email, 'Nueva-Clave-456')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a clear 400 and keeps the old one', async () => {
    const { user, client } = await loginAs(t(), 'colaborador');
    const res = await client.post('/api/profile/change-password', {
      currentPassword: 'no-es-esta',
      newPassword: 'Nueva-Clave-456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'La contraseña actual no es correcta.',
      code: 'WRONG_PASSWORD',
    });
    expect((await t().client().login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the new password', async () => {
    const { client } = await loginAs(t(), 'colaborador');
    const short = await client.post('/api/profile/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'corta',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: string }>().error).toBe(
      'La nueva contraseña debe tener al menos 8 caracteres.',
    );
    const missing = await client.post('/api/profile/change-password', {});
    expect(missing.json<{ error: string }>().error).toBe('La contraseña actual es obligatoria.');
  });

  it('answers 401 without a session', async () => {
    const anon = t().client();
    expect((await anon.get('/api/profile')).statusCode).toBe(401);
    const res = await anon.post('/api/profile/change-password', {
      currentPassword: 'a',
      newPassword: 'bbbbbbbb',
    });
    expect(res.statusCode).toBe(401);
  });
});
