// @vitest-environment jsdom
import { auditEndpoints, userEndpoints, type AuditRow } from '@evalua/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi } from '../../test-support/fake-api';
import { page, userRow } from '../../test-support/fixtures';
import { meAs, renderRoute, renderScreen } from '../../test-support/render';
import AuditPage from './AuditPage';
import { dayBound } from './filters';

const t = messages.audit;

function entry(extra: Partial<AuditRow> = {}): AuditRow {
  return {
    id: 1,
    created_at: '2025-03-01T12:00:00.000Z',
    user_id: 1,
    user_name: 'Ana Pérez',
    action: 'update',
    entity: 'category',
    entity_id: 3,
    before: { name: 'Operativo', status: true },
    after: { name: 'Operaciones', status: true },
    ip: null,
    ...extra,
  };
}

/** An entry's row, found by its «Ver cambios» button (named after the entry). */
async function entryRow(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: `Ver cambios: ${name}` });
  return button.closest<HTMLElement>('tr, article')!;
}

const renamed = entry();
const created = entry({
  id: 2,
  user_id: null,
  user_name: null,
  action: 'create',
  entity: 'user',
  entity_id: 9,
  before: null,
  after: { name: 'Nora' },
});
const login = entry({
  id: 3,
  user_id: 7,
  user_name: null,
  action: 'login',
  entity: 'user',
  entity_id: 7,
  before: null,
  after: null,
});

/** The log as the server filters it (by entity here); the user filter's options. */
function auditApi(rows: AuditRow[] = [renamed, created, login]) {
  return new FakeApi()
    .on(auditEndpoints.list, ({ query }) => {
      const found = rows.filter((r) => !query?.entity || r.entity === query.entity);
      return { rows: found, total: found.length, page: Number(query?.page ?? 1), pageSize: 20 };
    })
    .on(userEndpoints.list, page([userRow({ id: 1, name: 'Ana Pérez', email: 'ana@example.com' })], 20));
}

describe('Auditoría: the entries', () => {
  it('names who did it: the person, the system, or the id of someone gone', async () => {
    renderScreen(<AuditPage />, { api: auditApi() });
    expect(within(await entryRow('Modificación de Categoría 3')).getByText('Ana Pérez')).toBeTruthy();
    expect(within(await entryRow('Creación de Usuario 9')).getByText('Sistema')).toBeTruthy();
    expect(within(await entryRow('Inicio de sesión de Usuario 7')).getByText('Usuario 7')).toBeTruthy();
  });

  it('opens an entry’s before and after, marks what changed, and closes it again', async () => {
    const { user } = renderScreen(<AuditPage />, { api: auditApi() });
    await user.click(await screen.findByRole('button', { name: 'Ver cambios: Modificación de Categoría 3' }));
    const diff = screen.getByRole('table', { name: 'Cambios del registro 1' });
    const name = within(diff)
      .getByRole('rowheader', { name: /^Nombre/ })
      .closest('tr')!;
    expect(within(name).getByText('Cambió')).toBeTruthy();
    expect(within(name).getByText('Operativo')).toBeTruthy();
    expect(within(name).getByText('Operaciones')).toBeTruthy();
    const status = within(diff)
      .getByRole('rowheader', { name: /^Estado/ })
      .closest('tr')!;
    expect(within(status).queryByText('Cambió')).toBeNull();
    expect(within(status).getAllByText('Activo')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Ocultar cambios: Modificación de Categoría 3' }));
    expect(screen.queryByRole('table', { name: 'Cambios del registro 1' })).toBeNull();
  });

  it('shows only the after of a creation, and says when nothing was stored', async () => {
    const { user } = renderScreen(<AuditPage />, { api: auditApi() });
    await user.click(await screen.findByRole('button', { name: 'Ver cambios: Creación de Usuario 9' }));
    const diff = screen.getByRole('table', { name: 'Cambios del registro 2' });
    expect(
      within(diff)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Campo', 'Después']);
    expect(within(diff).queryByText('Cambió')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ver cambios: Inicio de sesión de Usuario 7' }));
    expect(await screen.findByText(t.noChanges)).toBeTruthy();
  });
});

describe('Auditoría: the filters', () => {
  it('filters by entity on the server, says when nothing matches, and clears the filters', async () => {
    const api = auditApi();
    const { user } = renderScreen(<AuditPage />, { api });
    await entryRow('Modificación de Categoría 3');
    const clear = screen.getByRole('button', { name: 'Limpiar filtros' });
    expect(clear.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Entidad' }));
    await user.click(await screen.findByRole('option', { name: 'Correo' }));
    expect(await screen.findByText(t.noMatches)).toBeTruthy();
    expect(api.calls(auditEndpoints.list).at(-1)).toEqual({
      query: { page: 1, pageSize: 20, entity: 'outbox' },
    });
    expect(clear.hasAttribute('disabled')).toBe(false);

    await user.click(clear);
    expect(await entryRow('Modificación de Categoría 3')).toBeTruthy();
    expect(api.calls(auditEndpoints.list).at(-1)).toEqual({ query: { page: 1, pageSize: 20 } });
    expect(clear.hasAttribute('disabled')).toBe(true);
  });

  it('sends a range as the instants of its days', async () => {
    const api = auditApi();
    const { user } = renderScreen(<AuditPage />, { api });
    await entryRow('Modificación de Categoría 3');
    await user.type(screen.getByLabelText('Desde'), '2025-03-01');
    await user.type(screen.getByLabelText('Hasta'), '2025-03-31');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('2025-03-31');
    const lastQuery = () => api.calls<typeof auditEndpoints.list>(auditEndpoints.list).at(-1)?.query;
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: 1,
        pageSize: 20,
        from: dayBound('2025-03-01', false),
        to: dayBound('2025-03-31', true),
      }),
    );
    expect(await entryRow('Modificación de Categoría 3')).toBeTruthy();
  });

  it('refuses a range that ends before it starts, and does not ask for it', async () => {
    const api = auditApi();
    const { user } = renderScreen(<AuditPage />, { api });
    await entryRow('Modificación de Categoría 3');
    await user.type(screen.getByLabelText('Hasta'), '2025-03-01');
    await user.type(screen.getByLabelText('Desde'), '2025-03-10');
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2025-03-10');
    expect(await screen.findByText(t.rangeOrder)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver cambios: Modificación de Categoría 3' })).toBeNull();
    expect(
      api
        .calls<typeof auditEndpoints.list>(auditEndpoints.list)
        .some((c) => c.query?.from === dayBound('2025-03-10', false)),
    ).toBe(false);
  });

  it('says the log is empty', async () => {
    renderScreen(<AuditPage />, { api: auditApi([]) });
    expect(await screen.findByText(t.empty)).toBeTruthy();
  });

  it('is for administrators only', async () => {
    const api = auditApi();
    renderRoute('/audit', { api, me: meAs('gestionhumana') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
