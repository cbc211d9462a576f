// @vitest-environment jsdom
import { ERROR_CODES, authEndpoints, setupEndpoints, type Me, type Role } from '@evalua/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellMessages } from '../../i18n/shell-messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderScreen } from '../../test-support/render';
import LoginPage from './LoginPage';

const t = shellMessages.login;

/** An installation whose first administrator exists (the login screen asks). */
function runningApp() {
  return new FakeApi().on(setupEndpoints.status, { needsSetup: false });
}

/** The server of a login: the credentials give `user`, whose session then answers /api/session. */
function loginApi(session: Me) {
  const { has_v2_assignments: _a, password_set_by_other: _b, support_email: _c, ...user } = session;
  return runningApp().on(authEndpoints.login, { user }).on(authEndpoints.session, { me: session });
}

async function signIn(user: ReturnType<typeof renderScreen>['user'], email: string, password: string) {
  await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), email);
  await user.type(screen.getByLabelText(/Contraseña/), password);
  await user.click(screen.getByRole('button', { name: t.title }));
}

describe('Iniciar Sesión', () => {
  it.each<[Role, string]>([
    ['admin', '/dashboard'],
    ['gestionhumana', '/home'],
    ['evaluador', '/home'],
  ])('sends the credentials and takes %s to %s', async (role, where) => {
    const api = loginApi(meAs(role));
    const screenState = renderScreen(<LoginPage />, { api, me: null, route: '/login' });
    await signIn(screenState.user, 'ana@example.com', 'secreta-1');
    await expect.poll(screenState.location).toBe(where);
    expect(api.bodies(authEndpoints.login)).toEqual([{ email: 'ana@example.com', password: 'secreta-1' }]);
    expect(api.calls(authEndpoints.session)).toHaveLength(1);
  });

  it('says the credentials are wrong, and stays', async () => {
    const api = runningApp().on(authEndpoints.login, () => {
      throw serverError(401, ERROR_CODES.invalidCredentials, 'Credenciales inválidas.');
    });
    const { user, location } = renderScreen(<LoginPage />, { api, me: null, route: '/login' });
    await signIn(user, 'ana@example.com', 'mala');
    expect((await screen.findByRole('alert')).textContent).toBe(t.failed);
    expect(location()).toBe('/login');
  });

  it('says so after too many attempts', async () => {
    const api = runningApp().on(authEndpoints.login, () => {
      throw serverError(429, ERROR_CODES.tooManyAttempts, 'Demasiados intentos.');
    });
    const { user } = renderScreen(<LoginPage />, { api, me: null, route: '/login' });
    await signIn(user, 'ana@example.com', 'mala');
    expect((await screen.findByRole('alert')).textContent).toBe(t.tooMany);
  });

  it('says where the first administrator comes from on an empty database, and nothing otherwise', async () => {
    const empty = new FakeApi().on(setupEndpoints.status, { needsSetup: true });
    const first = renderScreen(<LoginPage />, { api: empty, me: null, route: '/login' });
    expect((await screen.findByRole('status')).textContent).toContain(t.needsSetup);
    first.unmount();
    const running = new FakeApi().on(setupEndpoints.status, { needsSetup: false });
    renderScreen(<LoginPage />, { api: running, me: null, route: '/login' });
    await expect.poll(() => running.calls(setupEndpoints.status).length).toBe(1);
    expect(screen.queryByText(t.needsSetup)).toBeNull();
  });

  it('sends nothing with empty fields', async () => {
    const api = runningApp();
    const { user } = renderScreen(<LoginPage />, { api, me: null, route: '/login' });
    await user.click(screen.getByRole('button', { name: t.title }));
    expect(await screen.findByText('El correo electrónico es obligatorio.')).toBeTruthy();
    expect(screen.getByText('La contraseña es obligatoria.')).toBeTruthy();
    expect(api.log.filter((c) => c.path !== setupEndpoints.status.path)).toEqual([]);
  });

  it('sends someone already signed in to their start page', async () => {
    const api = runningApp();
    const { location } = renderScreen(<LoginPage />, { api, me: meAs('gestionhumana'), route: '/login' });
    await expect.poll(location).toBe('/dashboard');
    expect(api.log.filter((c) => c.path !== setupEndpoints.status.path)).toEqual([]);
  });
});
