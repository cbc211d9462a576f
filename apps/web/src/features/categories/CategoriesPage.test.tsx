// @vitest-environment jsdom
import { ERROR_CODES, categoryEndpoints, type Category } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import CategoriesPage from './CategoriesPage';

const t = messages.categories;
/** The schema's sentence (categoryInputSchema), the same as the server's. */
const NAME_REQUIRED = 'El nombre de la categoría es obligatorio.';
/** The server's sentences (apps/server categories service). */
const IN_USE =
  'No se puede eliminar la categoría porque la usan 2 usuarios. Reasígnalos antes de eliminarla.';
const DUPLICATE = 'Ya existe una categoría con ese nombre.';

const admin: Category = { id: 1, name: 'Administrativo' };
const operative: Category = { id: 2, name: 'Operativo' };

/** A category list the writes change, as the server would. */
function categoriesApi(start: Category[] = [admin, operative]) {
  let rows = [...start];
  return new FakeApi()
    .on(categoryEndpoints.list, () => rows)
    .on(categoryEndpoints.create, ({ body }) => {
      const created = { id: 10 + rows.length, name: body.name };
      rows = [...rows, created];
      return created;
    })
    .on(categoryEndpoints.rename, ({ params, body }) => {
      const renamed = { id: Number(params.id), name: body.name };
      rows = rows.map((c) => (c.id === renamed.id ? renamed : c));
      return renamed;
    })
    .on(categoryEndpoints.remove, ({ params }) => {
      rows = rows.filter((c) => c.id !== Number(params.id));
      return undefined;
    });
}

const nameField = () => screen.getByRole('textbox', { name: /Nombre/ }) as HTMLInputElement;

describe('Categorías: the form', () => {
  it('refuses an empty name with the schema’s sentence and sends nothing', async () => {
    const api = categoriesApi();
    const { user } = renderScreen(<CategoriesPage />, { api });
    await findRow('Administrativo');
    await user.type(nameField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(NAME_REQUIRED)).toBeTruthy();
    expect(api.calls(categoryEndpoints.create)).toEqual([]);
  });

  it('creates the typed name, trimmed, and empties the form', async () => {
    const api = categoriesApi();
    const { user } = renderScreen(<CategoriesPage />, { api });
    await findRow('Administrativo');
    await user.type(nameField(), '  Directivo ');
    expect(nameField().value).toBe('  Directivo ');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(t.created)).toBeTruthy();
    expect(api.bodies(categoryEndpoints.create)).toEqual([{ name: 'Directivo' }]);
    expect(await findRow('Directivo')).toBeTruthy();
    expect(nameField().value).toBe('');
  });

  it('keeps what was typed and shows the server’s sentence when it refuses the name', async () => {
    const api = categoriesApi().on(categoryEndpoints.create, () => {
      throw serverError(409, ERROR_CODES.duplicateName, DUPLICATE);
    });
    const { user } = renderScreen(<CategoriesPage />, { api });
    await findRow('Administrativo');
    await user.type(nameField(), 'Operativo');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DUPLICATE);
    expect(nameField().value).toBe('Operativo');
    expect(screen.queryByText(t.created)).toBeNull();
  });

  it('edits a row: the form takes its name, saves it under its id, then goes back to a new one', async () => {
    const api = categoriesApi();
    const { user } = renderScreen(<CategoriesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Editar Operativo' }));
    expect(screen.getByRole('heading', { name: 'Editar categoría' })).toBeTruthy();
    expect(nameField().value).toBe('Operativo');
    await user.clear(nameField());
    await user.type(nameField(), 'Operaciones');
    expect(nameField().value).toBe('Operaciones');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(t.updated)).toBeTruthy();
    expect(api.calls(categoryEndpoints.rename)).toEqual([
      { params: { id: 2 }, body: { name: 'Operaciones' } },
    ]);
    expect(screen.getByRole('heading', { name: 'Nueva categoría' })).toBeTruthy();
    expect(await findRow('Operaciones')).toBeTruthy();
    expect(api.calls(categoryEndpoints.create)).toEqual([]);
  });

  it('cancels an edit without saving', async () => {
    const api = categoriesApi();
    const { user } = renderScreen(<CategoriesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Editar Operativo' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('heading', { name: 'Nueva categoría' })).toBeTruthy();
    expect(nameField().value).toBe('');
    expect(api.calls(categoryEndpoints.rename)).toEqual([]);
  });
});

describe('Categorías: deleting', () => {
  it('asks first, and deletes nothing when cancelled', async () => {
    const api = categoriesApi();
    const { user } = renderScreen(<CategoriesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Operativo' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar categoría' });
    expect(within(dialog).getByText(t.confirmDelete('Operativo'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(categoryEndpoints.remove)).toEqual([]);
  });

  it('deletes the confirmed row', async () => {
    const api = categoriesApi();
    const { user } = renderScreen(<CategoriesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Operativo' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Eliminar categoría' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    expect(await screen.findByText(t.deleted)).toBeTruthy();
    expect(api.calls(categoryEndpoints.remove)).toEqual([{ params: { id: 2 } }]);
    await screen.findByRole('button', { name: 'Eliminar Administrativo' });
    expect(screen.queryByRole('button', { name: 'Eliminar Operativo' })).toBeNull();
  });

  it('shows the server’s refusal of a category in use, and keeps the row', async () => {
    const api = categoriesApi().on(categoryEndpoints.remove, () => {
      throw serverError(409, ERROR_CODES.inUse, IN_USE);
    });
    const { user } = renderScreen(<CategoriesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Administrativo' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(IN_USE);
    expect(screen.queryByText(t.deleted)).toBeNull();
    expect(screen.getByRole('button', { name: 'Eliminar Administrativo' })).toBeTruthy();
    expect(api.calls(categoryEndpoints.remove)).toEqual([{ params: { id: 1 } }]);
  });

  it('says the screen’s own sentence when the server fails otherwise', async () => {
    const api = categoriesApi().on(categoryEndpoints.remove, () => {
      throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
    });
    const { user } = renderScreen(<CategoriesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Administrativo' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.deleteError);
  });
});

describe('Categorías: the list', () => {
  it('says there are none yet', async () => {
    renderScreen(<CategoriesPage />, { api: categoriesApi([]) });
    expect(await screen.findByText(t.empty)).toBeTruthy();
  });

  it('says when it cannot load', async () => {
    const api = new FakeApi().on(categoryEndpoints.list, () => {
      throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
    });
    renderScreen(<CategoriesPage />, { api });
    expect(await screen.findByText(t.loadError)).toBeTruthy();
  });

  it('is denied to an evaluator', async () => {
    const api = categoriesApi();
    renderRoute('/categories', { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
