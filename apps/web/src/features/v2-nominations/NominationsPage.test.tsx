// @vitest-environment jsdom
import {
  ERROR_CODES,
  V2_NOMINATION_MESSAGES,
  belowMinMessage,
  v2NominationEndpoints,
  type Person,
  type V2Nomination,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderScreen } from '../../test-support/render';
import NominationsPage from './NominationsPage';

const me: Person = { id: 1, name: 'Ana Pérez', department: 'Ventas', position: 'Analista' };
const boss: Person = { id: 2, name: 'Carlos Jefe', department: 'Ventas', position: 'Gerente' };
const peer: Person = { id: 3, name: 'Marta Par', department: 'Ventas', position: 'Analista' };
const other: Person = { id: 4, name: 'Pablo Otro', department: 'Compras', position: null };
const report: Person = { id: 5, name: 'Rosa Reporte', department: 'Ventas', position: 'Asistente' };

function nomination(extra: Partial<V2Nomination> = {}): V2Nomination {
  return {
    id: 7,
    evaluation_id: 3,
    evaluation_name: 'Evaluación 360 2025',
    evaluatee: me,
    manager: boss,
    status: 'borrador',
    min: 2,
    max: 3,
    nominees: [{ ...peer, relation: 'peer' }],
    submitted_at: null,
    approved_at: null,
    ...extra,
  };
}

function nominationsApi(own: V2Nomination[], toApprove: V2Nomination[] = []) {
  return new FakeApi()
    .on(v2NominationEndpoints.mine, { own, to_approve: toApprove })
    .on(v2NominationEndpoints.people, { rows: [me, boss, peer, other, report] })
    .on(v2NominationEndpoints.save, ({ body }) => ({
      ...nomination(),
      status: body.submit ? ('enviada' as const) : ('borrador' as const),
    }));
}

const ownSection = () => screen.getByText('Evaluación 360 2025').closest<HTMLElement>('.mantine-Paper-root')!;

/** Adds someone through the people search, as a person types and picks. */
async function add(user: ReturnType<typeof renderScreen>['user'], text: string, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name: 'Agregar evaluador' }));
  await user.paste(text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Nominaciones: the proposal of one’s own raters', () => {
  it('does not send a list below HR’s minimum, but saves it as a draft', async () => {
    const api = nominationsApi([nomination()]);
    const { user } = renderScreen(<NominationsPage />, { api, me: meAs('colaborador') });
    await user.click(await screen.findByRole('button', { name: 'Enviar propuesta' }));
    expect(within(ownSection()).getByRole('alert').textContent).toBe(belowMinMessage(2));
    expect(api.calls(v2NominationEndpoints.save)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Borrador guardado.')).toBeTruthy();
    expect(api.calls(v2NominationEndpoints.save)).toEqual([
      { params: { id: 7 }, body: { nominees: [{ nominee_id: 3, relation: 'peer' }], submit: false } },
    ]);
  });

  it('adds people from the search (never the person or their manager), sets relations and sends', async () => {
    const api = nominationsApi([nomination()]);
    const { user } = renderScreen(<NominationsPage />, { api, me: meAs('colaborador') });
    await screen.findByRole('button', { name: 'Enviar propuesta' });
    await add(user, 'Ven', /^Rosa Reporte/);
    // The search answered the person, their manager and Marta (already on the list): none is offered.
    await user.click(screen.getByRole('combobox', { name: 'Agregar evaluador' }));
    await user.paste('a');
    expect(await screen.findByRole('option', { name: /^Pablo Otro/ })).toBeTruthy();
    expect(
      screen.queryByRole('option', { name: /^(Ana Pérez|Carlos Jefe|Marta Par|Rosa Reporte)/ }),
    ).toBeNull();
    await user.keyboard('{Escape}');

    expect(api.calls(v2NominationEndpoints.people)).toContainEqual({ query: { q: 'Ven' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Relación de Rosa Reporte' }), 'report');
    await user.click(screen.getByRole('button', { name: 'Enviar propuesta' }));
    expect(await screen.findByText('Propuesta enviada.')).toBeTruthy();
    expect(api.bodies(v2NominationEndpoints.save)).toEqual([
      {
        nominees: [
          { nominee_id: 3, relation: 'peer' },
          { nominee_id: 5, relation: 'report' },
        ],
        submit: true,
      },
    ]);
  });

  it('removes a proposed person before saving', async () => {
    const api = nominationsApi([
      nomination({
        nominees: [
          { ...peer, relation: 'peer' },
          { ...other, relation: 'peer' },
          { ...report, relation: 'report' },
        ],
      }),
    ]);
    const { user } = renderScreen(<NominationsPage />, { api, me: meAs('colaborador') });
    await user.click(await screen.findByRole('button', { name: 'Quitar a Pablo Otro' }));
    expect(screen.getByText('Propuestos: 2 (entre 2 y 3).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enviar propuesta' }));
    await screen.findByText('Propuesta enviada.');
    expect(api.bodies(v2NominationEndpoints.save)).toEqual([
      {
        nominees: [
          { nominee_id: 3, relation: 'peer' },
          { nominee_id: 5, relation: 'report' },
        ],
        submit: true,
      },
    ]);
  });

  it('shows an approved list read-only: no search, no Quitar, no actions', async () => {
    renderScreen(<NominationsPage />, {
      api: nominationsApi([nomination({ status: 'aprobada' })]),
      me: meAs('colaborador'),
    });
    expect(await screen.findByText('Tu lista fue aprobada: estas personas te evaluarán.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Agregar evaluador' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Quitar|Enviar propuesta|Guardar borrador/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Relación de Marta Par' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows the server sentence when it refuses the list', async () => {
    const api = nominationsApi([nomination({ min: 1 })]).on(v2NominationEndpoints.save, () => {
      throw serverError(409, ERROR_CODES.conflict, V2_NOMINATION_MESSAGES.closed);
    });
    const { user } = renderScreen(<NominationsPage />, { api, me: meAs('colaborador') });
    await user.click(await screen.findByRole('button', { name: 'Enviar propuesta' }));
    expect(await screen.findByText(V2_NOMINATION_MESSAGES.closed)).toBeTruthy();
  });
});

describe('Nominaciones: approving a report’s list', () => {
  const sent = nomination({
    id: 8,
    evaluatee: peer,
    manager: me,
    status: 'enviada',
    nominees: [
      { ...other, relation: 'peer' },
      { ...report, relation: 'report' },
    ],
  });

  it('approves the list as it is shown, and says how many assignments were made', async () => {
    const api = nominationsApi([], [sent]).on(v2NominationEndpoints.approve, {
      nomination: { ...sent, status: 'aprobada' },
      created_count: 2,
    });
    const { user } = renderScreen(<NominationsPage />, { api, me: meAs('evaluador') });
    expect(
      await screen.findByText('No tienes evaluaciones 360 en las que proponer evaluadores.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Nominación aprobada: se crearon 2 asignaciones.')).toBeTruthy();
    expect(api.calls(v2NominationEndpoints.approve)).toEqual([
      {
        params: { id: 8 },
        body: {
          nominees: [
            { nominee_id: 4, relation: 'peer' },
            { nominee_id: 5, relation: 'report' },
          ],
        },
      },
    ]);
  });

  it('does not approve a list that proposes the person’s own manager', async () => {
    const api = nominationsApi([], [sent]).on(v2NominationEndpoints.approve, {
      nomination: sent,
      created_count: 0,
    });
    const { user } = renderScreen(<NominationsPage />, {
      // The list as the person sent it names their manager: the server would refuse it too.
      api: api.on(v2NominationEndpoints.mine, {
        own: [],
        to_approve: [{ ...sent, nominees: [...sent.nominees, { ...me, relation: 'peer' }] }],
      }),
      me: meAs('evaluador'),
    });
    await user.click(await screen.findByRole('button', { name: 'Aprobar' }));
    expect(screen.getByRole('alert').textContent).toBe(V2_NOMINATION_MESSAGES.isManager);
    expect(api.calls(v2NominationEndpoints.approve)).toEqual([]);
  });
});
