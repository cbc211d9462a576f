// @vitest-environment jsdom
import {
  ERROR_CODES,
  LATEST_RESULT_MESSAGES,
  V2_RELEASE_MESSAGES,
  authEndpoints,
  historyEndpoints,
  profileEndpoints,
  resultEndpoints,
  v2ResultEndpoints,
  type MyV2Result,
} from '@evalua/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderRoute } from '../../test-support/render';

const t = messages.profile;
/** The server's sentences (apps/server profile service). */
const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';
const LOCKED = 'Demasiados intentos con una contraseña actual incorrecta. Inténtalo de nuevo en 15 minutos.';

/** Mi Perfil's calls: the data, no V1 result yet, no history, and the given 360s. */
function profileApi(mine: MyV2Result[] = []) {
  return new FakeApi()
    .on(profileEndpoints.get, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      department: null,
      position: 'Analista',
    })
    .on(resultEndpoints.latest, () => {
      throw serverError(404, ERROR_CODES.notFound, LATEST_RESULT_MESSAGES.none);
    })
    .on(historyEndpoints.ofUser, [])
    .on(v2ResultEndpoints.mine, { rows: mine })
    .on(profileEndpoints.changePassword, undefined);
}

/** A password field by its label (followed by the required mark). */
const password = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

async function fill(
  user: ReturnType<typeof renderRoute>['user'],
  current: string,
  next: string,
  repeat: string,
) {
  await user.type(password('Contraseña actual'), current);
  await user.type(password('Nueva contraseña'), next);
  await user.type(password('Repetir nueva contraseña'), repeat);
  expect(password('Repetir nueva contraseña').value).toBe(repeat);
}

describe('Mi Perfil: the data', () => {
  it('shows one’s data, a dash for what is missing, and that there is no result yet', async () => {
    renderRoute('/profile', { api: profileApi(), me: meAs('colaborador') });
    const name = await screen.findByText('Ana Pérez');
    const details = name.closest<HTMLElement>('.mantine-Paper-root')!;
    expect(within(details).getByText('ana@example.com')).toBeTruthy();
    expect(within(details).getByText('Analista')).toBeTruthy();
    expect(within(details).getByText('—')).toBeTruthy();
    expect(await screen.findByText(LATEST_RESULT_MESSAGES.none)).toBeTruthy();
    expect(await screen.findByText(messages.history.myEmpty)).toBeTruthy();
  });

  it('links to the 360 results already shared, and says the others are not available yet', async () => {
    renderRoute('/profile', {
      api: profileApi([
        { evaluation_id: 7, evaluation_name: '360 de 2024', period: '2024', released: true },
        { evaluation_id: 8, evaluation_name: '360 de 2025', period: '2025', released: false },
      ]),
      me: meAs('colaborador', { id: 3 }),
    });
    const shared = await screen.findByRole('link', { name: '360 de 2024' });
    expect(shared.getAttribute('href')).toBe('/evaluations-v2/7/results/3');
    expect(screen.queryByRole('link', { name: '360 de 2025' })).toBeNull();
    const pending = screen.getByText('360 de 2025').closest('li')!;
    expect(pending.textContent).toContain(V2_RELEASE_MESSAGES.notAvailable);
    expect(shared.closest('li')!.textContent).not.toContain(V2_RELEASE_MESSAGES.notAvailable);
  });

  it('asks a person whose password someone else chose to change it here', async () => {
    renderRoute('/profile', { api: profileApi(), me: meAs('colaborador', { password_set_by_other: true }) });
    expect(await screen.findByText('Elige tu propia contraseña')).toBeTruthy();
    expect(screen.getByText(/Cámbiala aquí abajo/)).toBeTruthy();
  });

  it('says nothing of it when the password is one’s own', async () => {
    renderRoute('/profile', { api: profileApi(), me: meAs('colaborador') });
    await screen.findByText('Ana Pérez');
    expect(screen.queryByText('Elige tu propia contraseña')).toBeNull();
  });
});

describe('Mi Perfil: changing the password', () => {
  it('refuses new passwords that differ, and sends nothing', async () => {
    const api = profileApi();
    const { user } = renderRoute('/profile', { api, me: meAs('colaborador') });
    await screen.findByText('Ana Pérez');
    await fill(user, 'vieja1234', 'nueva12345', 'nueva54321');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.mismatch);
    expect(api.calls(profileEndpoints.changePassword)).toEqual([]);
  });

  it('sends nothing while a field is empty, and takes the keyboard to it', async () => {
    const api = profileApi();
    const { user } = renderRoute('/profile', { api, me: meAs('colaborador') });
    await screen.findByText('Ana Pérez');
    await user.type(password('Contraseña actual'), 'vieja1234');
    await user.type(password('Nueva contraseña'), 'nueva12345');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(document.activeElement).toBe(password('Repetir nueva contraseña')));
    expect(api.calls(profileEndpoints.changePassword)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Repite la nueva contraseña.')).toBeTruthy();
    expect(password('Nueva contraseña').value).toBe('nueva12345');
  });

  it('says under each field what the contract asks, before sending anything', async () => {
    const api = profileApi();
    const { user } = renderRoute('/profile', { api, me: meAs('colaborador') });
    await screen.findByText('Ana Pérez');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña actual es obligatoria.')).toBeTruthy();
    await fill(user, 'vieja1234', 'corta', 'corta');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La nueva contraseña debe tener al menos 8 caracteres.')).toBeTruthy();
    expect(screen.queryByText('La contraseña actual es obligatoria.')).toBeNull();
    expect(api.calls(profileEndpoints.changePassword)).toEqual([]);
  });

  it('sends the current and the new password, says it changed, and empties the form', async () => {
    // The password someone else chose is replaced: the session, read again, no longer says so.
    const before = meAs('colaborador', { password_set_by_other: true });
    const api = profileApi().on(authEndpoints.session, { me: { ...before, password_set_by_other: false } });
    const { user } = renderRoute('/profile', { api, me: before });
    await screen.findByText('Ana Pérez');
    expect(screen.getByText('Elige tu propia contraseña')).toBeTruthy();
    await fill(user, 'vieja1234', 'nueva12345', 'nueva12345');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(t.changed)).toBeTruthy();
    expect(api.bodies(profileEndpoints.changePassword)).toEqual([
      { currentPassword: 'vieja1234', newPassword: 'nueva12345' },
    ]);
    expect(password('Contraseña actual').value).toBe('');
    expect(password('Nueva contraseña').value).toBe('');
    expect(password('Repetir nueva contraseña').value).toBe('');
    expect(api.calls(authEndpoints.session)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Elige tu propia contraseña')).toBeNull());
  });

  it('says to check the current password when the server refuses it', async () => {
    const api = profileApi().on(profileEndpoints.changePassword, () => {
      throw serverError(400, ERROR_CODES.wrongPassword, WRONG_CURRENT_PASSWORD);
    });
    const { user } = renderRoute('/profile', { api, me: meAs('colaborador') });
    await screen.findByText('Ana Pérez');
    await fill(user, 'equivocada', 'nueva12345', 'nueva12345');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.changeFailed);
    expect(password('Contraseña actual').value).toBe('equivocada');
  });

  it('gives the server’s own words when too many attempts failed', async () => {
    const api = profileApi().on(profileEndpoints.changePassword, () => {
      throw serverError(429, ERROR_CODES.tooManyAttempts, LOCKED);
    });
    const { user } = renderRoute('/profile', { api, me: meAs('colaborador') });
    await screen.findByText('Ana Pérez');
    await fill(user, 'equivocada', 'nueva12345', 'nueva12345');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED);
  });
});
