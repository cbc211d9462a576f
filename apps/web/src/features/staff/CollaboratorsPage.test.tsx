// @vitest-environment jsdom
import {
  ERROR_CODES,
  categoryEndpoints,
  collaboratorEndpoints,
  type Category,
  type Collaborator,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { findRow, renderScreen } from '../../test-support/render';
import CollaboratorsPage from './CollaboratorsPage';

const t = messages.staff;

/** The schema's sentences (collaboratorInputSchema), the server's too. */
const NAME_REQUIRED = 'El nombre es obligatorio.';
const POSITION_REQUIRED = 'El puesto es obligatorio.';
const CATEGORY_REQUIRED = 'La categoría es obligatoria.';
const EMAIL_INVALID = 'El correo electrónico no es válido.';

const categories: Category[] = [
  { id: 1, name: 'Administrativo' },
  { id: 2, name: 'Operativo' },
];

function collaborator(extra: Partial<Collaborator> = {}): Collaborator {
  return {
    id: 20,
    name: 'Luis Gómez',
    position: 'Analista',
    department: 'Finanzas',
    email: 'luis@example.com',
    category_id: 2,
    ...extra,
  };
}

const luis = collaborator();
const noCategory = collaborator({
  id: 21,
  name: 'Eva Ruiz',
  email: null,
  department: null,
  category_id: null,
});

function collaboratorsApi(start: Collaborator[] = [luis, noCategory]) {
  let rows = [...start];
  return new FakeApi()
    .on(categoryEndpoints.list, categories)
    .on(collaboratorEndpoints.list, ({ query }) => {
      const page = Number(query?.page ?? 1);
      const pageSize = Number(query?.pageSize ?? 10);
      return { rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
    })
    .on(collaboratorEndpoints.create, ({ body }) => {
      const created = collaborator({
        id: 60,
        name: body.name,
        position: body.position,
        department: body.department ?? null,
        email: body.email ?? null,
        category_id: Number(body.category_id),
      });
      rows = [...rows, created];
      return created;
    })
    .on(collaboratorEndpoints.update, ({ params, body }) =>
      collaborator({
        id: Number(params.id),
        name: body.name,
        position: body.position,
        department: body.department ?? null,
        email: body.email ?? null,
        category_id: Number(body.category_id),
      }),
    )
    .on(collaboratorEndpoints.remove, ({ params }) => {
      rows = rows.filter((c) => c.id !== Number(params.id));
      return undefined;
    });
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

async function chooseCategory(user: ReturnType<typeof renderScreen>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('Colaboradores: the list', () => {
  it('names each row’s category, and a dash when it has none', async () => {
    renderScreen(<CollaboratorsPage />, { api: collaboratorsApi() });
    const luisRow = await findRow('Luis Gómez');
    expect(await within(luisRow).findByText('Operativo')).toBeTruthy();
    const evaRow = await findRow('Eva Ruiz');
    expect(within(evaRow).getAllByText('—').length).toBeGreaterThan(0);
    expect(within(evaRow).queryByText('Operativo')).toBeNull();
  });

  it('says the categories could not load', async () => {
    const api = collaboratorsApi().on(categoryEndpoints.list, () => {
      throw serverError(500, ERROR_CODES.internal, 'Error interno del servidor.');
    });
    renderScreen(<CollaboratorsPage />, { api });
    expect(await screen.findByText(t.categoriesLoadError)).toBeTruthy();
  });
});

describe('Colaboradores: creating', () => {
  it('asks for name, position and category with the schema’s sentences', async () => {
    const api = collaboratorsApi();
    const { user } = renderScreen(<CollaboratorsPage />, { api });
    await findRow('Luis Gómez');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(NAME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(POSITION_REQUIRED)).toBeTruthy();
    expect(screen.getByText(CATEGORY_REQUIRED)).toBeTruthy();
    expect(api.calls(collaboratorEndpoints.create)).toEqual([]);
  });

  it('refuses an address that is not one', async () => {
    const api = collaboratorsApi();
    const { user } = renderScreen(<CollaboratorsPage />, { api });
    await findRow('Luis Gómez');
    await user.type(field(/^Nombre/), 'Pablo Nuevo');
    await user.type(field(/^Puesto/), 'Técnico');
    await user.type(field(/^Correo electrónico/), 'pablo@');
    await chooseCategory(user, 'Administrativo');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeTruthy();
    expect(api.calls(collaboratorEndpoints.create)).toEqual([]);
  });

  it('sends blank optional fields as null and the category as its id', async () => {
    const api = collaboratorsApi();
    const { user } = renderScreen(<CollaboratorsPage />, { api });
    await findRow('Luis Gómez');
    await user.type(field(/^Nombre/), 'Pablo Nuevo');
    await user.type(field(/^Puesto/), 'Técnico');
    await chooseCategory(user, 'Administrativo');
    expect(field(/^Puesto/).value).toBe('Técnico');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(t.collaboratorCreated)).toBeTruthy();
    expect(api.bodies(collaboratorEndpoints.create)).toEqual([
      { name: 'Pablo Nuevo', position: 'Técnico', department: null, email: null, category_id: 1 },
    ]);
    expect(await findRow('Pablo Nuevo')).toBeTruthy();
    expect(field(/^Nombre/).value).toBe('');
  });
});

describe('Colaboradores: editing and deleting', () => {
  it('fills the form with the row and saves it under its id', async () => {
    const api = collaboratorsApi();
    const { user } = renderScreen(<CollaboratorsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Editar Luis Gómez' }));
    expect(screen.getByRole('heading', { name: 'Editar colaborador: Luis Gómez' })).toBeTruthy();
    expect(field(/^Puesto/).value).toBe('Analista');
    expect((screen.getByRole('combobox', { name: /^Categoría/ }) as HTMLInputElement).value).toBe(
      'Operativo',
    );
    await user.clear(field(/^Departamento/));
    await chooseCategory(user, 'Administrativo');
    expect(field(/^Departamento/).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(t.collaboratorUpdated)).toBeTruthy();
    expect(api.calls(collaboratorEndpoints.update)).toEqual([
      {
        params: { id: 20 },
        body: {
          name: 'Luis Gómez',
          position: 'Analista',
          department: null,
          email: 'luis@example.com',
          category_id: 1,
        },
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Nuevo colaborador' })).toBeTruthy();
  });

  it('asks before deleting, and deletes the confirmed one', async () => {
    const api = collaboratorsApi();
    const { user } = renderScreen(<CollaboratorsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Eva Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar colaborador' });
    expect(within(dialog).getByText(t.confirmDeleteCollaborator('Eva Ruiz'))).toBeTruthy();
    expect(api.calls(collaboratorEndpoints.remove)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(t.collaboratorDeleted)).toBeTruthy();
    expect(api.calls(collaboratorEndpoints.remove)).toEqual([{ params: { id: 21 } }]);
  });
});
