// @vitest-environment jsdom
import {
  ERROR_CODES,
  SCORE_BANDS,
  V2_SNAPSHOT_MESSAGES,
  v2EvaluationEndpoints,
  v2SnapshotEndpoints,
  type V2Evaluation,
  type V2SnapshotListItem,
  type V2Summary,
} from '@evalua/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { v2Evaluation } from '../../test-support/fixtures';
import { meAs, renderRoute } from '../../test-support/render';
import { evaluationLabel } from './EvaluationPicker';

const t = messages.snapshots;

const open = v2Evaluation({ id: 7, name: 'Evaluación 360', period: '2025', status: 'open' });
const other = v2Evaluation({ id: 8, name: 'Liderazgo', period: '2024', status: 'closed' });
const EVALUATION_URL = '/admin/evaluations/7/snapshots';

function summary(extra: Partial<V2Summary> = {}): V2Summary {
  return {
    evaluatees: 4,
    evaluatees_scored: 3,
    assignments_total: 10,
    assignments_completed: 6,
    completion_percentage: 60,
    overall_average: 78.5,
    by_relation: [],
    distribution: SCORE_BANDS.map((b) => ({ ...b, count: 0 })),
    ...extra,
  };
}

function snapshot(extra: Partial<V2SnapshotListItem> = {}): V2SnapshotListItem {
  return {
    id: 11,
    label: 'Cierre de marzo',
    notes: null,
    created_by: 1,
    created_by_name: 'Ana Pérez',
    created_at: '2025-03-31T12:00:00.000Z',
    ...extra,
  };
}

/** The picker's evaluations, one evaluation's snapshots, and what taking one adds. */
function snapshotsApi(options: { evaluations?: V2Evaluation[]; snapshots?: V2SnapshotListItem[] } = {}) {
  const evaluations = options.evaluations ?? [open, other];
  let snapshots = options.snapshots ?? [snapshot()];
  return new FakeApi()
    .on(v2EvaluationEndpoints.list, ({ query }) => {
      const q = String(query?.q ?? '').toLowerCase();
      const rows = evaluations.filter((e) => `${e.name} ${e.period}`.toLowerCase().includes(q));
      return { rows, total: rows.length, page: 1, pageSize: 25 };
    })
    .on(v2EvaluationEndpoints.get, ({ params }) => evaluations.find((e) => e.id === Number(params.id))!)
    .on(v2SnapshotEndpoints.list, () => ({ snapshots }))
    .on(v2SnapshotEndpoints.create, ({ body }) => {
      const created = snapshot({ id: 12, label: body.label, notes: body.notes ?? null });
      snapshots = [created, ...snapshots];
      return { snapshot: created, summary: summary() };
    })
    .on(v2SnapshotEndpoints.get, ({ params }) => {
      const found = snapshots.find((s) => s.id === Number(params.snapshotId));
      if (!found) throw serverError(404, ERROR_CODES.notFound, V2_SNAPSHOT_MESSAGES.notFound);
      return {
        snapshot: { ...found, anonymity_min_raters: 3, results_released: true },
        summary: summary(),
        detail: [],
      };
    });
}

describe('Snapshots: the evaluation', () => {
  it('asks for an evaluation, and goes to its own address once chosen', async () => {
    const api = snapshotsApi();
    const { user, location } = renderRoute('/snapshots', { api });
    expect(await screen.findByText(t.pickEvaluation)).toBeTruthy();
    expect(api.calls(v2SnapshotEndpoints.list)).toEqual([]);
    await user.click(await screen.findByRole('combobox', { name: 'Evaluación 360' }));
    await user.click(await screen.findByRole('option', { name: evaluationLabel(other) }));
    // The evaluation's own screen (mounted here at /snapshots only) is where its snapshots load.
    await waitFor(() => expect(location()).toBe('/admin/evaluations/8/snapshots'));
  });

  it('refuses an address whose evaluation id is not a number, and asks nothing', async () => {
    const api = snapshotsApi();
    renderRoute('/admin/evaluations/abc/snapshots', { api });
    expect(await screen.findByText(t.badEvaluation)).toBeTruthy();
    expect(api.log).toEqual([]);
  });

  it('says a draft has no snapshots to take yet', async () => {
    const draft = v2Evaluation({ id: 7, status: 'draft' });
    renderRoute(EVALUATION_URL, { api: snapshotsApi({ evaluations: [draft], snapshots: [] }) });
    expect(await screen.findByText(t.draft)).toBeTruthy();
    expect(await screen.findByText(t.none)).toBeTruthy();
  });

  it('says there are no 360 evaluations', async () => {
    renderRoute('/snapshots', { api: snapshotsApi({ evaluations: [] }) });
    expect(await screen.findByText(t.noEvaluations)).toBeTruthy();
  });

  it('is denied to an evaluator', async () => {
    const api = snapshotsApi();
    renderRoute(EVALUATION_URL, { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});

describe('Snapshots: taking one', () => {
  it('refuses an empty label with the schema’s sentence and sends nothing', async () => {
    const api = snapshotsApi();
    const { user } = renderRoute(EVALUATION_URL, { api });
    const label = await screen.findByRole('textbox', { name: /^Etiqueta/ });
    await user.type(label, '   ');
    await user.click(screen.getByRole('button', { name: 'Crear snapshot' }));
    expect(await screen.findByText(V2_SNAPSHOT_MESSAGES.labelRequired)).toBeTruthy();
    expect(api.calls(v2SnapshotEndpoints.create)).toEqual([]);
  });

  it('takes it with its label and notes, shows what it froze, and lists it', async () => {
    const api = snapshotsApi();
    const { user } = renderRoute(EVALUATION_URL, { api });
    const label = await screen.findByRole('textbox', { name: /^Etiqueta/ });
    await user.type(label, 'Corte de abril');
    await user.type(screen.getByRole('textbox', { name: 'Notas' }), 'Antes del cierre');
    expect((label as HTMLInputElement).value).toBe('Corte de abril');
    await user.click(screen.getByRole('button', { name: 'Crear snapshot' }));
    expect(await screen.findByText(t.created('Corte de abril'))).toBeTruthy();
    expect(api.calls(v2SnapshotEndpoints.create)).toEqual([
      { params: { id: 7 }, body: { label: 'Corte de abril', notes: 'Antes del cierre' } },
    ]);
    expect(screen.getByRole('heading', { name: 'Snapshot creado: «Corte de abril»' })).toBeTruthy();
    expect(screen.queryByText(t.createdCompletionOnly)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Ver detalle de Corte de abril' })).toBeTruthy();
    expect((label as HTMLInputElement).value).toBe('');
  });

  it('says a snapshot of an open evaluation keeps only the progress for HR', async () => {
    const api = snapshotsApi().on(v2SnapshotEndpoints.create, ({ body }) => ({
      snapshot: snapshot({ id: 12, label: body.label }),
      summary: summary({ released: false }),
    }));
    const { user } = renderRoute(EVALUATION_URL, { api, me: meAs('gestionhumana') });
    await user.type(await screen.findByRole('textbox', { name: /^Etiqueta/ }), 'Avance');
    await user.click(screen.getByRole('button', { name: 'Crear snapshot' }));
    expect(await screen.findByText(t.createdCompletionOnly)).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    const api = snapshotsApi().on(v2SnapshotEndpoints.create, () => {
      throw serverError(409, ERROR_CODES.conflict, V2_SNAPSHOT_MESSAGES.draft);
    });
    const { user } = renderRoute(EVALUATION_URL, { api });
    const label = await screen.findByRole('textbox', { name: /^Etiqueta/ });
    await user.type(label, 'Corte');
    await user.click(screen.getByRole('button', { name: 'Crear snapshot' }));
    expect((await screen.findByRole('alert')).textContent).toBe(V2_SNAPSHOT_MESSAGES.draft);
    expect((label as HTMLInputElement).value).toBe('Corte');
  });
});

describe('Snapshots: looking one up and comparing', () => {
  it('refuses an id that is not a positive integer without asking the server', async () => {
    const api = snapshotsApi();
    const { user } = renderRoute(EVALUATION_URL, { api });
    const id = await screen.findByRole('textbox', { name: 'Snapshot ID' });
    await user.type(id, '0');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(await screen.findByText(V2_SNAPSHOT_MESSAGES.snapshotIdInvalid)).toBeTruthy();
    await user.clear(id);
    await user.type(id, '1a');
    expect((id as HTMLInputElement).value).toBe('1a');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(await screen.findByText(V2_SNAPSHOT_MESSAGES.snapshotIdInvalid)).toBeTruthy();
    // A valid one goes through: only it was asked for.
    await user.clear(id);
    await user.type(id, '11');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(
      await screen.findByRole('heading', { name: 'Detalle del snapshot «Cierre de marzo»' }),
    ).toBeTruthy();
    expect(screen.queryByText(V2_SNAPSHOT_MESSAGES.snapshotIdInvalid)).toBeNull();
    expect(api.calls(v2SnapshotEndpoints.get)).toEqual([{ params: { id: 7, snapshotId: 11 } }]);
  });

  it('opens the detail of the id typed, or gives the server’s sentence when there is none', async () => {
    const api = snapshotsApi();
    const { user } = renderRoute(EVALUATION_URL, { api });
    const id = await screen.findByRole('textbox', { name: 'Snapshot ID' });
    await user.type(id, '11');
    expect((id as HTMLInputElement).value).toBe('11');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(
      await screen.findByRole('heading', { name: 'Detalle del snapshot «Cierre de marzo»' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Ver detalle de Cierre de marzo' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await user.clear(id);
    await user.type(id, '99');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    const detail = await screen.findByRole('region', { name: 'Detalle del snapshot 99' });
    expect((await within(detail).findByRole('alert')).textContent).toBe(V2_SNAPSHOT_MESSAGES.notFound);
    expect(api.calls(v2SnapshotEndpoints.get)).toEqual([
      { params: { id: 7, snapshotId: 11 } },
      { params: { id: 7, snapshotId: 99 } },
    ]);
  });

  it('needs two snapshots to compare, and two distinct ones', async () => {
    const api = snapshotsApi();
    const { user } = renderRoute(EVALUATION_URL, { api });
    expect(await screen.findByText(t.compareNeedsTwo)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /^Etiqueta/ }), 'Corte de abril');
    await user.click(screen.getByRole('button', { name: 'Crear snapshot' }));
    const compare = await screen.findByRole('button', { name: 'Comparar' });
    expect(screen.queryByText(t.compareNeedsTwo)).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Snapshot A' }));
    const section = screen.getByRole('region', { name: 'Comparar snapshots' });
    const options = await within(section).findAllByRole('option', { name: /^Corte de abril/ });
    await user.click(options[0]!);
    await user.click(compare);
    expect((await within(section).findByRole('alert')).textContent).toBe(t.compareDistinct);
    expect(api.calls(v2SnapshotEndpoints.get)).toEqual([]);
  });
});
