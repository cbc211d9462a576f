// @vitest-environment jsdom
import { ERROR_CODES, authEndpoints, type Me, type Role } from '@evalua/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellMessages } from '../../i18n/shell-messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderScreen } from '../../test-support/render';
import LoginPage from './LoginPage';

const t = shellMessages.login;

/** The server of a login: the credentials give `user`, whose session then answers /me. */
function loginApi(session: Me) {
  const { has_v2_assignments: _a, password_set_by_other: _b, support_email: _c, ...user } = session;
  return new FakeApi().on(authEndpoints.login, { user }).on(authEndpoints.me, session);
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
    expect(api.calls(authEndpoints.me)).toHaveLength(1);
  });

  it('says the credentials are wrong, and stays', async () => {
    const api = new FakeApi().on(authEndpoints.login, () => {
      throw serverError(401, ERROR_CODES.invalidCredentials, 'Credenciales inválidas.');
    });
    const { user, location } = renderScreen(<LoginPage />, { api, me: null, route: '/login' });
    await signIn(user, 'ana@example.com', 'mala');
    expect((await screen.findByRole('alert')).textContent).toBe(t.failed);
    expect(location()).toBe('/login');
  });

  it('says so after too many attempts', async () => {
    const api = new FakeApi().on(authEndpoints.login, () => {
      throw serverError(429, ERROR_CODES.tooManyAttempts, 'Demasiados intentos.');
    });
    const { user } = renderScreen(<LoginPage />, { api, me: null, route: '/login' });
    await signIn(user, 'ana@example.com', 'mala');
    expect((await screen.findByRole('alert')).textContent).toBe(t.tooMany);
  });

  it('sends nothing with empty fields', async () => {
    const api = new FakeApi();
    const { user } = renderScreen(<LoginPage />, { api, me: null, route: '/login' });
    await user.click(screen.getByRole('button', { name: t.title }));
    expect(await screen.findByText('El correo electrónico es obligatorio.')).toBeTruthy();
    expect(screen.getByText('La contraseña es obligatoria.')).toBeTruthy();
    expect(api.log).toEqual([]);
  });

  it('sends someone already signed in to their start page', async () => {
    const api = new FakeApi();
    const { location } = renderScreen(<LoginPage />, { api, me: meAs('gestionhumana'), route: '/login' });
    await expect.poll(location).toBe('/dashboard');
    expect(api.log).toEqual([]);
  });
});
