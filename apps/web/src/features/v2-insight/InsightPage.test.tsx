// @vitest-environment jsdom
import {
  ERROR_CODES,
  V2_INSIGHT_MESSAGES,
  v2InsightEndpoints,
  type V2Insight,
  type V2InsightAverage,
  type V2InsightCell,
  type V2InsightPerson,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi, serverError } from '../../test-support/fake-api';
import { meAs, renderRoute } from '../../test-support/render';
import { pct, signedPoints } from './heat';
import { v2InsightMessages as T } from '../../i18n/v2-insight-messages';

/** The names of the files the screen saved (jsdom neither makes object URLs nor downloads). */
const saved: string[] = [];
beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:fake' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const URL_7 = '/evaluations-v2/7/insight';

const shown = (value: number, flagged = false): V2InsightCell => ({ value, state: 'shown', flagged });
const withheld: V2InsightCell = { value: null, state: 'withheld', flagged: false };
const none: V2InsightCell = { value: null, state: 'none', flagged: false };

function personRow(extra: Partial<V2InsightPerson> = {}): V2InsightPerson {
  return {
    user_id: 20,
    name: 'Luis Gómez',
    department: 'Ventas',
    position: null,
    competencies: shown(82.5),
    objectives: none,
    overall: shown(80),
    items: [],
    ...extra,
  };
}

const mean = (value: number | null, people: number) => ({ value, people });

function average(extra: Partial<V2InsightAverage> = {}): V2InsightAverage {
  return {
    department: null,
    label: 'Promedio general',
    people: 2,
    competencies: mean(82.5, 1),
    objectives: mean(null, 0),
    overall: mean(80, 1),
    items: [],
    ...extra,
  };
}

function insight(extra: Partial<V2Insight> = {}): V2Insight {
  return {
    evaluation: { id: 7, name: 'Evaluación 360', period: '2025', status: 'closed' },
    released: true,
    full_view: false,
    completion: { evaluatees: 2, assignments_total: 8, assignments_completed: 6, completion_percentage: 75 },
    items: [],
    people: [
      personRow(),
      personRow({
        user_id: 21,
        name: 'Eva Ruiz',
        department: null,
        competencies: withheld,
        overall: withheld,
      }),
    ],
    departments: [],
    average: average(),
    gaps: [],
    comparison: [],
    distribution: [],
    ...extra,
  };
}

function insightApi(answer: V2Insight = insight()) {
  return new FakeApi()
    .on(v2InsightEndpoints.insight, answer)
    .onFile(v2InsightEndpoints.insightXlsx, { blob: new Blob(['xlsx']), disposition: null });
}

const sectionsTable = () => screen.getByRole('table', { name: T.sectionsHeading });
const rowOf = (name: string) => within(sectionsTable()).getByRole('rowheader', { name }).closest('tr')!;

describe('Análisis 360: before the results are published', () => {
  it('shows only the progress and why, without figures or export', async () => {
    const api = insightApi(
      insight({
        released: false,
        evaluation: { id: 7, name: 'Evaluación 360', period: '2025', status: 'open' },
        people: [],
        average: null,
      }),
    );
    renderRoute(URL_7, { api, me: meAs('gestionhumana') });
    expect(await screen.findByText(messages.v2Results.notReleasedTitle)).toBeTruthy();
    expect(screen.getByText(messages.v2Results.notReleased)).toBeTruthy();
    expect(screen.getByText(T.progress(6, 8, pct(75)))).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.export })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Análisis 360: the heatmap', () => {
  it('writes each figure, hides what anonymity withholds, and marks what nobody scored', async () => {
    renderRoute(URL_7, { api: insightApi(), me: meAs('gestionhumana') });
    await screen.findByRole('table', { name: T.sectionsHeading });
    const luis = rowOf('Luis Gómez');
    expect(within(luis).getByText('Ventas')).toBeTruthy();
    expect(within(luis).getByText(pct(82.5))).toBeTruthy();
    expect(within(luis).getByText(T.none)).toBeTruthy();
    const eva = rowOf('Eva Ruiz');
    expect(within(eva).getByText(T.noDepartment)).toBeTruthy();
    expect(within(eva).getAllByText(T.withheldLong)).toHaveLength(2);
    expect(within(eva).queryByText(pct(82.5))).toBeNull();
    expect(within(rowOf('Promedio general')).getByText('2 personas')).toBeTruthy();
    // HR's view: nothing flagged as admin-only, and no admin legend.
    expect(screen.queryByText(T.adminLegend)).toBeNull();
  });

  it('flags for an administrator the figures nobody else sees', async () => {
    const api = insightApi(insight({ full_view: true, people: [personRow({ overall: shown(55, true) })] }));
    renderRoute(URL_7, { api, me: meAs('admin') });
    await screen.findByRole('table', { name: T.sectionsHeading });
    expect(within(rowOf('Luis Gómez')).getByText(`${pct(55)} *`)).toBeTruthy();
    expect(screen.getAllByText(T.adminLegend).length).toBeGreaterThan(0);
  });

  it('says the evaluation has nobody evaluated yet', async () => {
    renderRoute(URL_7, {
      api: insightApi(insight({ people: [], average: null })),
      me: meAs('gestionhumana'),
    });
    expect(await screen.findByText(T.noPeople)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Análisis 360: blind spots and the previous 360', () => {
  it('says when there is nothing to show in either', async () => {
    renderRoute(URL_7, { api: insightApi(), me: meAs('gestionhumana') });
    expect(await screen.findByText(T.gapsNone)).toBeTruthy();
    expect(screen.getByText(T.comparisonNone)).toBeTruthy();
  });

  it('lists a person’s blind spots before their hidden strengths, with the signed gap', async () => {
    const gap = (item_id: number, question_text: string, self: number, others: number) => ({
      item_id,
      question_text,
      self,
      others,
      gap: self - others,
      flagged: false,
    });
    const api = insightApi(
      insight({
        gaps: [
          {
            user_id: 20,
            name: 'Luis Gómez',
            blind_spots: [gap(1, 'Escucha', 90, 60)],
            hidden_strengths: [gap(2, 'Delega', 50, 75)],
          },
        ],
      }),
    );
    renderRoute(URL_7, { api, me: meAs('gestionhumana') });
    const table = await screen.findByRole('table', { name: `${T.gapsHeading} de Luis Gómez` });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByText(/^(Punto ciego|Fortaleza oculta)$/).textContent)).toEqual([
      T.blindSpot,
      T.hiddenStrength,
    ]);
    expect(within(rows[0]!).getByText(signedPoints(30))).toBeTruthy();
    expect(within(rows[1]!).getByText(signedPoints(-25))).toBeTruthy();
    expect(screen.queryByText(T.gapsNone)).toBeNull();
  });
});

describe('Análisis 360: export and access', () => {
  it('downloads the analysis workbook', async () => {
    saved.length = 0;
    const api = insightApi();
    const { user } = renderRoute(URL_7, { api, me: meAs('gestionhumana') });
    await user.click(await screen.findByRole('button', { name: T.export }));
    await vi.waitFor(() => expect(saved).toEqual(['analisis-360-7.xlsx']));
    expect(api.calls(v2InsightEndpoints.insightXlsx)).toEqual([{ params: { id: 7 } }]);
  });

  it('gives the server’s sentence for an evaluation that does not exist', async () => {
    const api = new FakeApi().on(v2InsightEndpoints.insight, () => {
      throw serverError(404, ERROR_CODES.notFound, V2_INSIGHT_MESSAGES.evaluationMissing);
    });
    renderRoute(URL_7, { api, me: meAs('gestionhumana') });
    expect((await screen.findByRole('alert')).textContent).toBe(V2_INSIGHT_MESSAGES.evaluationMissing);
  });

  it('refuses an address without a valid id, and asks nothing', async () => {
    const api = insightApi();
    renderRoute('/evaluations-v2/x/insight', { api, me: meAs('gestionhumana') });
    expect(await screen.findByText(T.invalid)).toBeTruthy();
    expect(screen.queryByRole('link', { name: T.back })).toBeNull();
    expect(api.log).toEqual([]);
  });

  it('is denied to an evaluator', async () => {
    const api = insightApi();
    renderRoute(URL_7, { api, me: meAs('evaluador') });
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(api.log).toEqual([]);
  });
});
