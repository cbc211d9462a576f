// @vitest-environment jsdom
import { ERROR_CODES, PASSWORD_MIN, evaluatorEndpoints, type Evaluator } from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import EvaluatorsPage from './EvaluatorsPage';

const t = messages.staff;

/** The schemas' sentences (createEvaluatorSchema, updateEvaluatorSchema), the server's too. */
const NAME_REQUIRED = 'El nombre es obligatorio.';
const EMAIL_REQUIRED = 'El correo electrónico es obligatorio.';
const EMAIL_INVALID = 'El correo electrónico no es válido.';
const PASSWORD_REQUIRED = 'La contraseña es obligatoria.';
const PASSWORD_SHORT = `La nueva contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`;
const DUPLICATE_EMAIL = 'Ya existe un usuario con ese correo electrónico.';

const carlos: Evaluator = { id: 5, name: 'Carlos Evaluador', email: 'carlos@example.com' };
const marta: Evaluator = { id: 6, name: 'Marta Evaluadora', email: 'marta@example.com' };

/** The evaluators as the server pages them; the writes change them. */
function evaluatorsApi(start: Evaluator[] = [carlos, marta]) {
  let rows = [...start];
  return new FakeApi()
    .on(evaluatorEndpoints.list, ({ query }) => {
      const page = Number(query?.page ?? 1);
      const pageSize = Number(query?.pageSize ?? 10);
      return { rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
    })
    .on(evaluatorEndpoints.create, ({ body }) => {
      const created = { id: 50, name: body.name, email: body.email };
      rows = [...rows, created];
      return created;
    })
    .on(evaluatorEndpoints.update, ({ params, body }) => {
      const updated = { id: Number(params.id), name: body.name, email: body.email };
      rows = rows.map((e) => (e.id === updated.id ? updated : e));
      return updated;
    })
    .on(evaluatorEndpoints.remove, ({ params }) => {
      rows = rows.filter((e) => e.id !== Number(params.id));
      return undefined;
    });
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

describe('Evaluadores: creating', () => {
  it('asks for name, e-mail and password with the schema’s sentences, and sends nothing', async () => {
    const api = evaluatorsApi();
    const { user } = renderScreen(<EvaluatorsPage />, { api });
    await findRow('Carlos Evaluador');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(NAME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(EMAIL_REQUIRED)).toBeTruthy();
    expect(screen.getByText(PASSWORD_REQUIRED)).toBeTruthy();
    expect(api.calls(evaluatorEndpoints.create)).toEqual([]);
  });

  it('refuses a bad address and a short password', async () => {
    const api = evaluatorsApi();
    const { user } = renderScreen(<EvaluatorsPage />, { api });
    await findRow('Carlos Evaluador');
    await user.type(field(/^Nombre/), 'Nora Nueva');
    await user.type(field(/^Correo electrónico/), 'nora@');
    await user.type(field(/^Contraseña/), 'corta');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeTruthy();
    expect(screen.getByText(PASSWORD_SHORT)).toBeTruthy();
    expect(api.calls(evaluatorEndpoints.create)).toEqual([]);
  });

  it('creates the evaluator typed, and empties the form', async () => {
    const api = evaluatorsApi();
    const { user } = renderScreen(<EvaluatorsPage />, { api });
    await findRow('Carlos Evaluador');
    await user.type(field(/^Nombre/), 'Nora Nueva');
    await user.type(field(/^Correo electrónico/), 'nora@example.com');
    await user.type(field(/^Contraseña/), 'secreta123');
    expect(field(/^Correo electrónico/).value).toBe('nora@example.com');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText(t.evaluatorCreated)).toBeTruthy();
    expect(api.bodies(evaluatorEndpoints.create)).toEqual([
      { name: 'Nora Nueva', email: 'nora@example.com', password: 'secreta123' },
    ]);
    expect(await findRow('Nora Nueva')).toBeTruthy();
    expect(field(/^Nombre/).value).toBe('');
    expect(field(/^Contraseña/).value).toBe('');
  });

  it('keeps the form and shows the server’s sentence when it refuses', async () => {
    const api = evaluatorsApi().on(evaluatorEndpoints.create, () => {
      throw serverError(409, ERROR_CODES.duplicateEmail, DUPLICATE_EMAIL);
    });
    const { user } = renderScreen(<EvaluatorsPage />, { api });
    await findRow('Carlos Evaluador');
    await user.type(field(/^Nombre/), 'Nora Nueva');
    await user.type(field(/^Correo electrónico/), 'carlos@example.com');
    await user.type(field(/^Contraseña/), 'secreta123');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DUPLICATE_EMAIL);
    expect(field(/^Nombre/).value).toBe('Nora Nueva');
    expect(screen.queryByText(t.evaluatorCreated)).toBeNull();
  });
});

describe('Evaluadores: editing', () => {
  it('keeps the password when left blank: it is not sent', async () => {
    const api = evaluatorsApi();
    const { user } = renderScreen(<EvaluatorsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Editar Marta Evaluadora' }));
    expect(screen.getByRole('heading', { name: 'Editar evaluador: Marta Evaluadora' })).toBeTruthy();
    expect(screen.getByText(t.passwordKeep)).toBeTruthy();
    expect(field(/^Correo electrónico/).value).toBe('marta@example.com');
    await user.clear(field(/^Nombre/));
    await user.type(field(/^Nombre/), 'Marta Ruiz');
    expect(field(/^Nombre/).value).toBe('Marta Ruiz');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(t.evaluatorUpdated)).toBeTruthy();
    expect(api.calls(evaluatorEndpoints.update)).toEqual([
      { params: { id: 6 }, body: { name: 'Marta Ruiz', email: 'marta@example.com' } },
    ]);
    expect(screen.getByRole('heading', { name: 'Nuevo evaluador' })).toBeTruthy();
  });

  it('sends a new password when one is typed', async () => {
    const api = evaluatorsApi();
    const { user } = renderScreen(<EvaluatorsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Editar Carlos Evaluador' }));
    await user.type(field(/^Contraseña/), 'otraclave9');
    expect(field(/^Contraseña/).value).toBe('otraclave9');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(t.evaluatorUpdated)).toBeTruthy();
    expect(api.bodies(evaluatorEndpoints.update)).toEqual([
      { name: 'Carlos Evaluador', email: 'carlos@example.com', password: 'otraclave9' },
    ]);
  });
});

describe('Evaluadores: deleting', () => {
  it('says what deleting keeps, and deletes only once confirmed', async () => {
    const api = evaluatorsApi();
    const { user } = renderScreen(<EvaluatorsPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Carlos Evaluador' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar evaluador' });
    expect(within(dialog).getByText(t.confirmDeleteEvaluator('Carlos Evaluador'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls(evaluatorEndpoints.remove)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar Carlos Evaluador' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Eliminar evaluador' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    expect(await screen.findByText(t.evaluatorDeleted)).toBeTruthy();
    expect(api.calls(evaluatorEndpoints.remove)).toEqual([{ params: { id: 5 } }]);
  });

  it('says there are none', async () => {
    renderScreen(<EvaluatorsPage />, { api: evaluatorsApi([]) });
    expect(await screen.findByText(t.evaluatorsEmpty)).toBeTruthy();
  });

  it('is denied to a collaborator', async () => {
    const api = evaluatorsApi();
    renderRoute('/evaluators', { api, me: meAs('colaborador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
