// @vitest-environment jsdom
import { ERROR_CODES, setupEndpoints } from '@evalua/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { renderScreen } from '../../test-support/render';
import SetupPage from './SetupPage';

const t = messages.setup;
/** The server's sentences (apps/server setup service). */
const BAD_TOKEN = 'El enlace de configuración no es válido o ya se usó.';

const URL = '/setup?token=tok-123';

function setupApi(needsSetup = true) {
  return new FakeApi().on(setupEndpoints.status, { needsSetup }).on(setupEndpoints.complete, ({ body }) => ({
    user: {
      id: 1,
      name: body.name,
      email: body.email,
      role: 'admin' as const,
      position: null,
      department: null,
      category_id: null,
      status: true,
    },
  }));
}

const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

async function fill(user: ReturnType<typeof renderScreen>['user'], password: string, repeat: string) {
  await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Admin Uno');
  await user.type(input('Correo electrónico'), 'admin@example.com');
  await user.type(input('Contraseña'), password);
  await user.type(input('Repetir contraseña'), repeat);
  expect(input('Repetir contraseña').value).toBe(repeat);
}

describe('Configuración inicial', () => {
  it('says setup is done, with the way to the login, once an administrator exists', async () => {
    const api = setupApi(false);
    renderScreen(<SetupPage />, { api, me: null, route: URL });
    expect(await screen.findByText(t.done)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Iniciar Sesión' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Crear administrador' })).toBeNull();
  });

  it('refuses passwords that differ, and sends nothing', async () => {
    const api = setupApi();
    const { user } = renderScreen(<SetupPage />, { api, me: null, route: URL });
    await fill(user, 'clave-segura-1', 'clave-segura-2');
    await user.click(screen.getByRole('button', { name: 'Crear administrador' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.mismatch);
    expect(api.calls(setupEndpoints.complete)).toEqual([]);
  });

  it('creates the administrator with the link’s token, without the repeated password', async () => {
    const api = setupApi();
    const { user } = renderScreen(<SetupPage />, { api, me: null, route: URL });
    await fill(user, 'clave-segura-1', 'clave-segura-1');
    await user.click(screen.getByRole('button', { name: 'Crear administrador' }));
    expect(await screen.findByText(t.created)).toBeTruthy();
    expect(api.bodies(setupEndpoints.complete)).toEqual([
      { name: 'Admin Uno', email: 'admin@example.com', password: 'clave-segura-1', token: 'tok-123' },
    ]);
    expect(screen.getByRole('link', { name: 'Ir a Iniciar Sesión' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear administrador' })).toBeNull();
    expect(screen.queryByText(t.done)).toBeNull();
  });

  it('shows the server’s refusal of the link and keeps the form', async () => {
    const api = setupApi().on(setupEndpoints.complete, () => {
      throw serverError(403, ERROR_CODES.forbidden, BAD_TOKEN);
    });
    const { user } = renderScreen(<SetupPage />, { api, me: null, route: URL });
    await fill(user, 'clave-segura-1', 'clave-segura-1');
    await user.click(screen.getByRole('button', { name: 'Crear administrador' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BAD_TOKEN);
    expect(screen.getByRole('button', { name: 'Crear administrador' })).toBeTruthy();
    expect(input('Correo electrónico').value).toBe('admin@example.com');
    expect(screen.queryByText(t.created)).toBeNull();
  });

  it('says setup is done when someone completed it meanwhile', async () => {
    const api = setupApi().on(setupEndpoints.complete, () => {
      throw serverError(409, ERROR_CODES.setupDone, t.done);
    });
    const { user } = renderScreen(<SetupPage />, { api, me: null, route: URL });
    await fill(user, 'clave-segura-1', 'clave-segura-1');
    await user.click(screen.getByRole('button', { name: 'Crear administrador' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.done);
  });

  it('says what each field needs, from the contract, and sends nothing', async () => {
    const api = setupApi();
    const { user } = renderScreen(<SetupPage />, { api, me: null, route: URL });
    await user.click(await screen.findByRole('button', { name: 'Crear administrador' }));
    expect(await screen.findByText('El nombre es obligatorio.')).toBeTruthy();
    expect(screen.getByText('El correo electrónico es obligatorio.')).toBeTruthy();
    expect(screen.getByText('La nueva contraseña debe tener al menos 8 caracteres.')).toBeTruthy();
    expect(screen.getByText('Repite la contraseña.')).toBeTruthy();
    expect(api.calls(setupEndpoints.complete)).toEqual([]);
  });

  it('shows no form without the link’s token, and says to open the whole link', async () => {
    const api = setupApi();
    renderScreen(<SetupPage />, { api, me: null, route: '/setup' });
    expect((await screen.findByRole('alert')).textContent).toBe(t.noToken);
    expect(screen.queryByRole('button', { name: 'Crear administrador' })).toBeNull();
  });

  it('says its own sentence, not the server’s inner words, when the server fails', async () => {
    const api = setupApi().on(setupEndpoints.complete, () => {
      throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
    });
    const { user } = renderScreen(<SetupPage />, { api, me: null, route: URL });
    await fill(user, 'clave-segura-1', 'clave-segura-1');
    await user.click(screen.getByRole('button', { name: 'Crear administrador' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.createError);
  });
});
