// @vitest-environment jsdom
import { v2ReleaseEndpoints, type V2PersonRelease, type V2ReleaseState } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-support/fake-api';
import { page } from '../../test-support/fixtures';
import { meAs, renderRoute } from '../../test-support/render';
import { messages } from '../../i18n/messages';

const t = messages.v2Release;

const URL = '/evaluations-v2/7/publicacion';

function state(extra: Partial<V2ReleaseState> = {}): V2ReleaseState {
  return { evaluation_id: 7, closed: false, evaluatee: false, manager: false, overrides: 0, ...extra };
}

function person(extra: Partial<V2PersonRelease> = {}): V2PersonRelease {
  return {
    user_id: 20,
    name: 'Luis Gómez',
    department: null,
    position: null,
    manager_name: 'Carlos Jefe',
    own: { evaluatee: null, manager: null },
    evaluatee: false,
    manager: false,
    ...extra,
  };
}

function releaseApi(saved: V2ReleaseState, people: V2PersonRelease[] = [person()]) {
  return new FakeApi()
    .on(v2ReleaseEndpoints.get, saved)
    .on(v2ReleaseEndpoints.people, page(people, 20))
    .on(v2ReleaseEndpoints.set, ({ body }) => ({ ...saved, ...body }))
    .on(v2ReleaseEndpoints.setPerson, ({ params, body }) => ({
      ...person({ user_id: Number(params.userId) }),
      own: body,
      evaluatee: body.evaluatee ?? saved.evaluatee,
      manager: body.manager ?? saved.manager,
    }));
}

const saveButton = () => screen.getByRole('button', { name: 'Guardar publicación' });

describe('Publicación de resultados: the whole evaluation', () => {
  it('shows the saved choice, and saves only a change', async () => {
    const api = releaseApi(state({ manager: true, overrides: 2 }));
    const { user } = renderRoute(URL, { api });
    expect(((await screen.findByRole('radio', { name: 'Con su jefe' })) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByText('2 personas tienen su propia publicación.')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Con la persona y su jefe' }));
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Con su jefe' }));
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    expect(api.calls(v2ReleaseEndpoints.set)).toEqual([]);
  });

  it('saves at once while the evaluation is open (nobody is told yet)', async () => {
    const api = releaseApi(state());
    const { user } = renderRoute(URL, { api });
    await user.click(await screen.findByRole('radio', { name: 'Con la persona evaluada' }));
    await user.click(saveButton());
    expect(await screen.findByText('Publicación guardada.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(v2ReleaseEndpoints.set)).toEqual([
      { params: { id: 7 }, body: { evaluatee: true, manager: false } },
    ]);
  });

  it('asks first when a closed evaluation’s results reach new readers, and sends nothing if cancelled', async () => {
    const api = releaseApi(state({ closed: true, manager: true }));
    const { user } = renderRoute(URL, { api });
    await user.click(await screen.findByRole('radio', { name: 'Con la persona y su jefe' }));
    await user.click(saveButton());
    const dialog = screen.getByRole('dialog', { name: 'Compartir resultados' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls(v2ReleaseEndpoints.set)).toEqual([]);

    await user.click(saveButton());
    await user.click(
      within(screen.getByRole('dialog', { name: 'Compartir resultados' })).getByRole('button', {
        name: 'Publicar y avisar',
      }),
    );
    expect(await screen.findByText('Publicación guardada.')).toBeTruthy();
    expect(api.bodies(v2ReleaseEndpoints.set)).toEqual([{ evaluatee: true, manager: true }]);
  });

  it('does not ask when a closed evaluation’s results reach fewer readers', async () => {
    const api = releaseApi(state({ closed: true, evaluatee: true, manager: true }));
    const { user } = renderRoute(URL, { api });
    await user.click(await screen.findByRole('radio', { name: 'Aún no' }));
    await user.click(saveButton());
    expect(await screen.findByText('Publicación guardada.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bodies(v2ReleaseEndpoints.set)).toEqual([{ evaluatee: false, manager: false }]);
  });
});

describe('Publicación de resultados: per person', () => {
  it('sets a person’s own choice, and back to the evaluation’s', async () => {
    const api = releaseApi(state({ evaluatee: true }), [
      person(),
      person({
        user_id: 21,
        name: 'Eva Ruiz',
        own: { evaluatee: false, manager: true },
        evaluatee: false,
        manager: true,
      }),
    ]);
    const { user } = renderRoute(URL, { api });
    const luis = await screen.findByRole('combobox', { name: 'Compartir los resultados de Luis Gómez con' });
    const eva = screen.getByRole('combobox', { name: 'Compartir los resultados de Eva Ruiz con' });
    expect((luis as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Como la evaluación (Con la persona evaluada)',
    );
    expect((eva as HTMLSelectElement).value).toBe('manager');

    await user.selectOptions(luis, 'both');
    expect(await screen.findByText('Publicación de Luis Gómez guardada.')).toBeTruthy();
    await user.selectOptions(eva, 'inherit');
    expect(await screen.findByText('Publicación de Eva Ruiz guardada.')).toBeTruthy();
    expect(api.calls(v2ReleaseEndpoints.setPerson)).toEqual([
      { params: { id: 7, userId: 20 }, body: { evaluatee: true, manager: true } },
      { params: { id: 7, userId: 21 }, body: { evaluatee: null, manager: null } },
    ]);
  });
});

describe('Publicación de resultados: who sees the screen', () => {
  it('is denied to a manager who is not HR', async () => {
    const api = releaseApi(state());
    renderRoute(URL, { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });

  it('says it cannot load an address without a valid id, and asks the server nothing', async () => {
    const api = releaseApi(state());
    renderRoute('/evaluations-v2/abc/publicacion', { api, me: meAs('gestionhumana') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Publicación de resultados' })).toBeTruthy();
    expect(await screen.findByText(t.loadError)).toBeTruthy();
    expect(api.log).toEqual([]);
  });

  it('opens for HR under its own title', async () => {
    renderRoute(URL, { api: releaseApi(state()), me: meAs('gestionhumana') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Publicación de resultados' })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Aún no' })).toBeTruthy();
  });
});
