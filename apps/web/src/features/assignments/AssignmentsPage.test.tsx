// @vitest-environment jsdom
import {
  ASSIGNMENT_MESSAGES,
  AVAILABLE_PAGE_SIZE,
  BULK_ASSIGNMENT_TEXT,
  categoryEndpoints,
  ERROR_CODES,
  assignmentEndpoints,
  evaluatorEndpoints,
  type Assignment,
  type AvailableCollaborator,
  type Evaluator,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { findRow, meAs, renderRoute, renderScreen } from '../../test-support/render';
import AssignmentsPage from './AssignmentsPage';

const t = messages.assignments;

const carlos: Evaluator = { id: 5, name: 'Carlos Evaluador', email: 'carlos@example.com' };
const marta: Evaluator = { id: 6, name: 'Marta Evaluadora', email: 'marta@example.com' };

const person = (id: number, name: string): AvailableCollaborator => ({
  id,
  name,
  email: `${id}@example.com`,
  position: null,
  department: id % 2 === 0 ? 'Primaria' : 'Secundaria',
  category_id: id % 2 === 0 ? 1 : 2,
  category_name: id % 2 === 0 ? 'Docentes' : 'Administrativos',
  role: 'colaborador',
});

function assignment(extra: Partial<Assignment> = {}): Assignment {
  return {
    id: 1,
    evaluator_id: carlos.id,
    collaborator_id: 20,
    collaborator_name: 'Luis Gómez',
    email: 'luis@example.com',
    position: null,
    department: null,
    category_id: 1,
    evaluated: false,
    due_date: null,
    ...extra,
  };
}

/**
 * The server's assignments of Carlos: Luis (not yet evaluated) and Eva (evaluated); the people still
 * available to him are searched and paged as the server does. Adding and removing change both lists.
 */
function assignmentsApi(pool: AvailableCollaborator[] = [person(30, 'Ana Ruiz'), person(31, 'Pedro Sanz')]) {
  let assigned = [
    assignment(),
    assignment({ id: 2, collaborator_id: 21, collaborator_name: 'Eva Ruiz', evaluated: true }),
  ];
  let available = [...pool];
  return new FakeApi()
    .on(evaluatorEndpoints.list, [carlos, marta])
    .on(assignmentEndpoints.assigned, ({ params }) =>
      assigned.filter((a) => a.evaluator_id === Number(params.evaluatorId)),
    )
    .on(categoryEndpoints.list, [
      { id: 1, name: 'Docentes' },
      { id: 2, name: 'Administrativos' },
    ])
    .on(assignmentEndpoints.departments, ['Primaria', 'Secundaria'])
    .on(assignmentEndpoints.available, ({ query }) => {
      const q = String(query?.q ?? '').toLowerCase();
      const pageSize = Number(query?.pageSize ?? AVAILABLE_PAGE_SIZE);
      const page = Number(query?.page ?? 1);
      const found = available.filter(
        (p) =>
          p.name.toLowerCase().includes(q) &&
          (query?.category_id === undefined || p.category_id === Number(query.category_id)) &&
          (query?.department === undefined || p.department === query.department),
      );
      return {
        rows: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      };
    })
    .on(assignmentEndpoints.create, ({ body }) => {
      const chosen = available.find((p) => p.id === Number(body.collaborator_id))!;
      available = available.filter((p) => p !== chosen);
      const created = assignment({
        id: 100 + chosen.id,
        evaluator_id: Number(body.evaluator_id),
        collaborator_id: chosen.id,
        collaborator_name: chosen.name,
        email: chosen.email,
      });
      assigned = [...assigned, created];
      return created;
    })
    .on(assignmentEndpoints.bulk, ({ body }) => {
      const ids = body.collaborator_ids
        ? body.collaborator_ids.map(Number)
        : available
            .filter(
              (p) => body.filter?.category_id === undefined || p.category_id === body.filter.category_id,
            )
            .map((p) => p.id);
      available = available.filter((p) => !ids.includes(p.id));
      return { created_count: ids.length, existing_count: 0 };
    })
    .on(assignmentEndpoints.byReportsTo, { created_count: 3, not_evaluator_count: 1 })
    .on(assignmentEndpoints.remove, ({ params }) => {
      assigned = assigned.filter((a) => a.id !== Number(params.id));
      return undefined;
    });
}

const CARLOS_URL = `/assignment-management?evaluador=${carlos.id}`;

describe('Gestión de Asignaciones: choosing the evaluator', () => {
  it('asks for an evaluator first, and shows the chosen one’s lists', async () => {
    const api = assignmentsApi();
    const { user, location } = renderRoute('/assignment-management', { api });
    expect(await screen.findByText(t.pickEvaluator)).toBeTruthy();
    expect(api.calls(assignmentEndpoints.assigned)).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Evaluador' }));
    await user.click(await screen.findByRole('option', { name: 'Marta Evaluadora' }));
    expect(await screen.findByRole('heading', { name: /^Colaboradores de Marta Evaluadora/ })).toBeTruthy();
    expect(await screen.findByText(t.empty)).toBeTruthy();
    expect(location()).toBe('/assignment-management?evaluador=6');
    expect(api.calls(assignmentEndpoints.assigned)).toEqual([{ params: { evaluatorId: 6 } }]);
    expect(screen.queryByText(t.pickEvaluator)).toBeNull();
  });

  it('says there are no active evaluators', async () => {
    renderScreen(<AssignmentsPage />, { api: new FakeApi().on(evaluatorEndpoints.list, []) });
    expect(await screen.findByText(t.noEvaluators)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Evaluador' })).toBeNull();
  });

  it('is denied to an evaluator', async () => {
    const api = assignmentsApi();
    renderRoute('/assignment-management', { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});

describe('Gestión de Asignaciones: removing', () => {
  it('says an evaluated collaborator’s result stays, and removes that assignment once confirmed', async () => {
    const api = assignmentsApi();
    const { user } = renderRoute(CARLOS_URL, { api });
    expect(
      await screen.findByRole('heading', { name: 'Colaboradores de Carlos Evaluador (2)' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Quitar Eva Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Quitar asignación' });
    expect(within(dialog).getByText(t.confirmRemoveEvaluated('Eva Ruiz', 'Carlos Evaluador'))).toBeTruthy();
    expect(api.calls(assignmentEndpoints.remove)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText(t.removed)).toBeTruthy();
    expect(api.calls(assignmentEndpoints.remove)).toEqual([{ params: { id: 2 } }]);
    expect(
      await screen.findByRole('heading', { name: 'Colaboradores de Carlos Evaluador (1)' }),
    ).toBeTruthy();
  });

  it('asks plainly for a collaborator not yet evaluated, and removes nothing when cancelled', async () => {
    const api = assignmentsApi();
    const { user } = renderRoute(CARLOS_URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Quitar Luis Gómez' }));
    const dialog = screen.getByRole('dialog', { name: 'Quitar asignación' });
    expect(within(dialog).getByText(t.confirmRemove('Luis Gómez', 'Carlos Evaluador'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(assignmentEndpoints.remove)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Quitar Luis Gómez' })).toBeTruthy();
  });
});

describe('Gestión de Asignaciones: adding', () => {
  it('assigns the chosen person to the evaluator and moves them to the assigned list', async () => {
    const api = assignmentsApi();
    const { user } = renderRoute(CARLOS_URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Asignar Pedro Sanz' }));
    expect(await screen.findByText(t.added('Pedro Sanz'))).toBeTruthy();
    expect(api.bodies(assignmentEndpoints.create)).toEqual([{ evaluator_id: 5, collaborator_id: 31 }]);
    expect(await screen.findByRole('button', { name: 'Quitar Pedro Sanz' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Asignar Pedro Sanz' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Asignar Ana Ruiz' })).toBeTruthy();
  });

  it('shows the server’s sentence when the person was assigned meanwhile, and reads the lists again', async () => {
    const api = assignmentsApi().on(assignmentEndpoints.create, () => {
      throw serverError(409, ERROR_CODES.alreadyAssigned, ASSIGNMENT_MESSAGES.duplicate);
    });
    const { user } = renderRoute(CARLOS_URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Asignar Ana Ruiz' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ASSIGNMENT_MESSAGES.duplicate);
    expect(screen.queryByText(t.added('Ana Ruiz'))).toBeNull();
    expect(api.calls(assignmentEndpoints.available).length).toBeGreaterThan(1);
  });

  it('searches the available people on the server and says when none match', async () => {
    const api = assignmentsApi();
    const { user } = renderRoute(CARLOS_URL, { api });
    await screen.findByRole('button', { name: 'Asignar Ana Ruiz' });
    const search = screen.getByRole('textbox', { name: 'Buscar persona disponible' });
    // Pasted at once: one search, whatever the machine's pace against the debounce.
    await user.click(search);
    await user.paste('ped');
    expect((search as HTMLInputElement).value).toBe('ped');
    // The debounced search reaches the server.
    await screen.findByText('Mostrando 1–1 de 1');
    expect(await findRow('Pedro Sanz')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Asignar Ana Ruiz' })).toBeNull();
    expect(api.calls(assignmentEndpoints.available).at(-1)).toEqual({
      params: { evaluatorId: 5 },
      query: { page: 1, pageSize: AVAILABLE_PAGE_SIZE, q: 'ped' },
    });

    await user.clear(search);
    await user.paste('zzz');
    expect(await screen.findByText(t.noResults('zzz'))).toBeTruthy();
  });

  it('goes back a page when the last person of the last page is assigned', async () => {
    const pool = Array.from({ length: AVAILABLE_PAGE_SIZE + 1 }, (_, i) =>
      person(40 + i, `Persona ${i + 1}`),
    );
    const api = assignmentsApi(pool);
    const { user } = renderRoute(CARLOS_URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Página 2' }));
    const last = `Persona ${AVAILABLE_PAGE_SIZE + 1}`;
    await user.click(await screen.findByRole('button', { name: `Asignar ${last}` }));
    expect(await screen.findByText(t.added(last))).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Asignar Persona 1' })).toBeTruthy();
    expect(screen.getByText(`Mostrando 1–${AVAILABLE_PAGE_SIZE} de ${AVAILABLE_PAGE_SIZE}`)).toBeTruthy();
    expect(
      api.calls<typeof assignmentEndpoints.available>(assignmentEndpoints.available).at(-1)?.query,
    ).toEqual({
      page: 1,
      pageSize: AVAILABLE_PAGE_SIZE,
    });
  });
});

describe('Gestión de Asignaciones: many at once (decision 057)', () => {
  const pool = [
    person(30, 'Ana Ruiz'),
    person(31, 'Pedro Sanz'),
    person(32, 'Rosa Díaz'),
    person(33, 'Juan Paz'),
  ];

  it('assigns the people ticked in one call, and says how many', async () => {
    const api = assignmentsApi(pool);
    const { user } = renderRoute(CARLOS_URL, { api });
    const none = await screen.findByRole('button', { name: 'Asignar seleccionadas (0)' });
    expect((none as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar a Ana Ruiz' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar a Rosa Díaz' }));
    await user.click(screen.getByRole('button', { name: 'Asignar seleccionadas (2)' }));
    const said = BULK_ASSIGNMENT_TEXT.bulkDone({ created_count: 2, existing_count: 0 }, 'Carlos Evaluador');
    expect(await screen.findByText(said)).toBeTruthy();
    expect(said).toBe('Se asignaron 2 personas a Carlos Evaluador.');
    expect(api.bodies(assignmentEndpoints.bulk)).toEqual([{ evaluator_id: 5, collaborator_ids: [30, 32] }]);
    expect(await screen.findByRole('button', { name: 'Asignar seleccionadas (0)' })).toBeTruthy();
  });

  it('filters by category on the server, and assigns every match after confirming', async () => {
    const api = assignmentsApi(pool);
    const { user } = renderRoute(CARLOS_URL, { api });
    await screen.findByRole('button', { name: 'Asignar todas (4)' });
    await user.click(screen.getByRole('combobox', { name: 'Categoría' }));
    await user.click(await screen.findByRole('option', { name: 'Docentes' }));
    const all = await screen.findByRole('button', { name: 'Asignar todas las filtradas (2)' });
    expect(api.calls(assignmentEndpoints.available).at(-1)).toEqual({
      params: { evaluatorId: 5 },
      query: { page: 1, pageSize: AVAILABLE_PAGE_SIZE, category_id: 1 },
    });
    expect(screen.queryByRole('button', { name: 'Asignar Pedro Sanz' })).toBeNull();
    await user.click(all);
    const dialog = screen.getByRole('dialog', { name: 'Asignar varias personas' });
    expect(within(dialog).getByText(t.confirmAll(2, 'Carlos Evaluador', true))).toBeTruthy();
    expect(api.calls(assignmentEndpoints.bulk)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(
      await screen.findByText(
        BULK_ASSIGNMENT_TEXT.bulkDone({ created_count: 2, existing_count: 0 }, 'Carlos Evaluador'),
      ),
    ).toBeTruthy();
    expect(api.bodies(assignmentEndpoints.bulk)).toEqual([{ evaluator_id: 5, filter: { category_id: 1 } }]);
  });

  it("assigns everyone by 'Reporta a' and says who was left out", async () => {
    const api = assignmentsApi(pool);
    const { user } = renderRoute(CARLOS_URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Asignar según «Reporta a»' }));
    // Asked first: it reaches every evaluator. Cancelling sends nothing.
    let dialog = screen.getByRole('dialog', { name: 'Asignar según «Reporta a»' });
    expect(within(dialog).getByText(t.confirmReportsTo)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls(assignmentEndpoints.byReportsTo)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Asignar según «Reporta a»' }));
    dialog = screen.getByRole('dialog', { name: 'Asignar según «Reporta a»' });
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    const said = BULK_ASSIGNMENT_TEXT.reportsToDone({ created_count: 3, not_evaluator_count: 1 });
    expect(await screen.findByText(said)).toBeTruthy();
    expect(said).toBe(
      'Se crearon 3 asignaciones según «Reporta a». 1 persona reporta a alguien sin rol evaluador activo: no se asignó.',
    );
    expect(api.bodies(assignmentEndpoints.byReportsTo)).toEqual([{}]);
  });
});
