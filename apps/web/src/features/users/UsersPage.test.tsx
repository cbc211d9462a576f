// @vitest-environment jsdom
import { userEndpoints } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-support/fake-api';
import { page, userRow } from '../../test-support/fixtures';
import { findRow, meAs, renderScreen } from '../../test-support/render';
import UsersPage from './UsersPage';

const admin = userRow({ id: 2, name: 'Alba Admin', role: 'admin', email: 'alba@example.com' });
const active = userRow({ id: 3, name: 'Bruno Activo', email_confirmed: false });
const inactive = userRow({ id: 4, name: 'Inés Inactiva', status: false });

function usersApi() {
  return new FakeApi()
    .on(userEndpoints.list, page([admin, active, inactive]))
    .on(userEndpoints.setStatus, ({ params, body }) => ({
      ...[admin, active, inactive].find((u) => u.id === Number(params.id))!,
      status: body.status === true,
    }))
    .on(userEndpoints.confirmEmail, { ...active, email_confirmed: true });
}

const buttonsOf = async (name: string) =>
  [...(await findRow(name)).querySelectorAll('a, button')].map((el) => el.textContent ?? '');

describe('Gestión de Usuarios: what each role may do with a row', () => {
  it('lets an administrator change administrators and confirm addresses', async () => {
    renderScreen(<UsersPage />, { api: usersApi(), me: meAs('admin') });
    expect(await buttonsOf('Alba Admin')).toEqual(['Editar', 'Desactivar', 'Enviar enlace de acceso']);
    expect(screen.getByRole('button', { name: 'Desactivar Alba Admin' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(await buttonsOf('Bruno Activo')).toEqual([
      'Editar',
      'Desactivar',
      'Enviar enlace de acceso',
      'Confirmar correo',
    ]);
  });

  it('keeps HR off administrators’ rows and away from confirming addresses', async () => {
    renderScreen(<UsersPage />, { api: usersApi(), me: meAs('gestionhumana') });
    expect(await buttonsOf('Alba Admin')).toEqual(['Editar', 'Desactivar']);
    expect(screen.getByRole('button', { name: 'Desactivar Alba Admin' }).hasAttribute('disabled')).toBe(true);
    expect(await buttonsOf('Bruno Activo')).toEqual(['Editar', 'Desactivar', 'Enviar enlace de acceso']);
    expect(screen.queryByRole('button', { name: /Confirmar el correo/ })).toBeNull();
  });
});

describe('Gestión de Usuarios: status and address', () => {
  it('asks before deactivating, and sends status false only when confirmed', async () => {
    const api = usersApi();
    const { user: person } = renderScreen(<UsersPage />, { api, me: meAs('admin') });
    await person.click(await screen.findByRole('button', { name: 'Desactivar Bruno Activo' }));
    const dialog = screen.getByRole('dialog', { name: 'Desactivar usuario' });
    expect(api.calls(userEndpoints.setStatus)).toEqual([]);
    await person.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Usuario «Bruno Activo» desactivado.')).toBeTruthy();
    expect(api.calls(userEndpoints.setStatus)).toEqual([{ params: { id: 3 }, body: { status: false } }]);
  });

  it('activates at once', async () => {
    const api = usersApi();
    const { user: person } = renderScreen(<UsersPage />, { api, me: meAs('gestionhumana') });
    await person.click(await screen.findByRole('button', { name: 'Activar Inés Inactiva' }));
    expect(await screen.findByText('Usuario «Inés Inactiva» activado.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(userEndpoints.setStatus)).toEqual([{ params: { id: 4 }, body: { status: true } }]);
  });

  it('confirms the address shown, after asking', async () => {
    const api = usersApi();
    const { user: person } = renderScreen(<UsersPage />, { api, me: meAs('admin') });
    await person.click(await screen.findByRole('button', { name: 'Confirmar el correo de Bruno Activo' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar correo' });
    await person.click(within(dialog).getByRole('button', { name: 'Confirmar correo' }));
    await screen.findByText(/^Correo de «Bruno Activo» confirmado/);
    expect(api.calls(userEndpoints.confirmEmail)).toEqual([
      { params: { id: 3 }, body: { email: 'usuario@example.com' } },
    ]);
  });
});
