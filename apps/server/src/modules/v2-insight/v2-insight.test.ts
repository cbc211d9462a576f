import {
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2InsightEndpoints,
  v2ResultEndpoints,
  type V2Evaluation,
  type V2Insight,
  type V2InsightCell,
  type V2Item,
} from '@evalua/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { putV2Items, createV2OpeningWithItems, setV2Status } from '../../../test/v2';
import { answersFor, build360, type Scenario } from '../../../test/v2-answers';
import { INSIGHT_NOTES, V2_NOTES } from '@evalua/contracts';

const of = (id: number) => ({ params: { id } });
const mean = (...v: number[]) => v.reduce((a, x) => a + x, 0) / v.length;
const close = (v: number) => expect.closeTo(v, 9);
const shown = (v: number, flagged = false) => ({ value: close(v), state: 'shown', flagged });
const WITHHELD = { value: null, state: 'withheld', flagged: false };

/*
 * Hand-computed figures of test/v2-answers.ts's 360 (items 1-4 are scored; 5 is text). Item scores
 * per rater: manager .75 0 .5 2/3 · p1 .5 1 1 N/A · p2 1 1 0 0 · p3 .25 1 .5 1 · r1 0 0 .5 1/3 ·
 * self 1 1 1 1. "Others" (admin) — A: manager p1 p2 · B: manager p1 p2 r1 · C: manager p1 r1 ·
 * D: manager p1 p2 p3 (p4 pending).
 * gestionhumana sees B (merged peers+report of 3) and D (3 peers); A and C are hidden (2 peers; 1
 * peer + 1 report), and item 4 of B and D (2 counted scores in the anonymous group) is withheld.
 */
const OTHERS = {
  A: { comp: 650 / 9, obj: 1450 / 27, overall: 1750 / 27, items: [75, 200 / 3, 50, 100 / 3] },
  B: { comp: 650 / 12, obj: 50, overall: 52.5, items: [56.25, 50, 50, 100 / 3] },
  C: { comp: 350 / 9, obj: 200 / 3, overall: 50, items: [125 / 3, 100 / 3, 200 / 3, 50] },
  D: { comp: 200 / 3, obj: 550 / 9, overall: 580 / 9, items: [62.5, 75, 50, 500 / 9] },
};

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbersIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbersIn(v, out);
  return out;
}

describeEngines('360 insight API', (t) => {
  let s: Scenario;
  let hr: TestClient;
  const read = async (client: TestClient, id = s.evaluation.id): Promise<V2Insight> => {
    const res = await call(client, v2InsightEndpoints.insight, of(id));
    expect(res.status).toBe(200);
    return res.body;
  };
  const person = (insight: V2Insight, key: 'A' | 'B' | 'C' | 'D') =>
    insight.people.find((p) => p.user_id === s.evaluatees[key].user.id)!;

  beforeAll(async () => {
    s = await build360(t());
    hr = (await loginAs(t(), 'gestionhumana')).client;
    // Two departments: A and B in Matemáticas, C and D in Ciencias.
    await t()
      .db.updateTable('users')
      .set({ department: 'Ciencias' })
      .where('id', 'in', [s.evaluatees.C.user.id, s.evaluatees.D.user.id])
      .execute();
  });

  it('gives gestionhumana completion only while the evaluation is open, with the results’ notice', async () => {
    const insight = await read(hr);
    expect(insight).toEqual({
      evaluation: { id: s.evaluation.id, name: s.evaluation.name, period: 'Q4-2025', status: 'open' },
      released: false,
      full_view: false,
      hidden_note: V2_NOTES.notReleased,
      completion: {
        evaluatees: 4,
        assignments_total: 17,
        assignments_completed: 16,
        completion_percentage: close((16 / 17) * 100),
      },
      items: [],
      people: [],
      departments: [],
      average: null,
      gaps: [],
      comparison: [],
      distribution: [],
    });
    const xlsx = await call(hr, v2InsightEndpoints.insightXlsx, of(s.evaluation.id));
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Mapa de calor')!.rowCount).toBe(1);
    expect(book.getWorksheet('Puntos ciegos')!.rowCount).toBe(1);
    expect(book.getWorksheet('Distribución')!.rowCount).toBe(1);
    // Admin sees every figure while open, each flagged: nobody else sees any yet.
    const admin = await read(s.admin);
    expect(admin.released).toBe(true);
    expect(person(admin, 'B').overall).toEqual(shown(52.5, true));
    expect(admin.hidden_note).toBe(`${V2_NOTES.adminNotReleased} ${INSIGHT_NOTES.adminFlagged}`);
  });

  describe('once closed', () => {
    beforeAll(async () => {
      await setV2Status(s.admin, s.evaluation.id, 'closed');
    });

    it('builds the heatmap of "others" per person, section and item, for gestionhumana', async () => {
      const insight = await read(hr);
      expect(insight.released).toBe(true);
      expect(insight.hidden_note).toBe(INSIGHT_NOTES.withheld(3));
      expect(insight.items.map((i) => [i.item_id, i.section])).toEqual([
        [s.items[0]!.id, 'competency'],
        [s.items[1]!.id, 'competency'],
        [s.items[2]!.id, 'objective'],
        [s.items[3]!.id, 'objective'],
      ]);
      // By name: A, B, C, D.
      expect(insight.people.map((p) => p.user_id)).toEqual(
        (['A', 'B', 'C', 'D'] as const).map((k) => s.evaluatees[k].user.id),
      );
      for (const key of ['A', 'C'] as const) {
        const row = person(insight, key);
        for (const cell of [row.competencies, row.objectives, row.overall, ...row.items])
          expect(cell).toEqual(WITHHELD);
      }
      expect(person(insight, 'B')).toMatchObject({
        department: 'Matemáticas',
        competencies: shown(OTHERS.B.comp),
        objectives: shown(50),
        overall: shown(52.5),
        items: [shown(56.25), shown(50), shown(50), WITHHELD],
      });
      expect(person(insight, 'D')).toMatchObject({
        department: 'Ciencias',
        competencies: shown(OTHERS.D.comp),
        objectives: shown(OTHERS.D.obj),
        overall: shown(OTHERS.D.overall),
        items: [shown(62.5), shown(75), shown(50), WITHHELD],
      });
      // Department rows: the mean of the figures shown (one person each here); then the overall row.
      expect(insight.departments).toEqual([
        {
          department: 'Ciencias',
          label: 'Ciencias',
          people: 2,
          competencies: { value: close(OTHERS.D.comp), people: 1 },
          objectives: { value: close(OTHERS.D.obj), people: 1 },
          overall: { value: close(OTHERS.D.overall), people: 1 },
          items: [
            { value: 62.5, people: 1 },
            { value: 75, people: 1 },
            { value: 50, people: 1 },
            { value: null, people: 0 },
          ],
        },
        {
          department: 'Matemáticas',
          label: 'Matemáticas',
          people: 2,
          competencies: { value: close(OTHERS.B.comp), people: 1 },
          objectives: { value: 50, people: 1 },
          overall: { value: 52.5, people: 1 },
          items: [
            { value: 56.25, people: 1 },
            { value: 50, people: 1 },
            { value: 50, people: 1 },
            { value: null, people: 0 },
          ],
        },
      ]);
      expect(insight.average).toEqual({
        department: null,
        label: 'Promedio general',
        people: 4,
        competencies: { value: close(mean(OTHERS.B.comp, OTHERS.D.comp)), people: 2 },
        objectives: { value: close(mean(50, OTHERS.D.obj)), people: 2 },
        overall: { value: close(mean(52.5, OTHERS.D.overall)), people: 2 },
        items: [
          { value: 59.375, people: 2 },
          { value: 62.5, people: 2 },
          { value: 50, people: 2 },
          { value: null, people: 0 },
        ],
      });
    });

    it('shows admin every figure, flagging those nobody else sees, in the averages too', async () => {
      const insight = await read(s.admin);
      expect(insight.full_view).toBe(true);
      expect(insight.hidden_note).toBe(INSIGHT_NOTES.adminFlagged);
      for (const key of ['A', 'B', 'C', 'D'] as const) {
        const o = OTHERS[key];
        const hidden = key === 'A' || key === 'C';
        expect(person(insight, key)).toMatchObject({
          competencies: shown(o.comp, hidden),
          objectives: shown(o.obj, hidden),
          overall: shown(o.overall, hidden),
          items: o.items.map((v, i) => shown(v, hidden || i === 3)),
        });
      }
      expect(insight.departments.map((d) => [d.label, d.overall])).toEqual([
        ['Ciencias', { value: close(mean(50, OTHERS.D.overall)), people: 2 }],
        ['Matemáticas', { value: close(mean(OTHERS.A.overall, 52.5)), people: 2 }],
      ]);
      expect(insight.average!.items[3]).toEqual({
        value: close(mean(...(['A', 'B', 'C', 'D'] as const).map((k) => OTHERS[k].items[3]!))),
        people: 4,
      });
    });

    it('lists blind spots by the largest self-minus-others gap, only where both are visible', async () => {
      const insight = await read(hr);
      const gapsOf = (i: V2Insight, key: 'A' | 'B' | 'C' | 'D') =>
        i.gaps.find((g) => g.user_id === s.evaluatees[key].user.id)!;
      // B: self 100 on every item; others 56.25, 50, 50 (item 4 withheld) → 50, 50 (item order), 43.75.
      expect(gapsOf(insight, 'B')).toEqual({
        user_id: s.evaluatees.B.user.id,
        name: s.evaluatees.B.user.name,
        blind_spots: [
          {
            item_id: s.items[1]!.id,
            question_text: 'Cumple con el horario establecido.',
            self: 100,
            others: 50,
            gap: 50,
            flagged: false,
          },
          {
            item_id: s.items[2]!.id,
            question_text: 'Entregó la planificación a tiempo.',
            self: 100,
            others: 50,
            gap: 50,
            flagged: false,
          },
          {
            item_id: s.items[0]!.id,
            question_text: 'Trabaja en equipo con sus colegas.',
            self: 100,
            others: 56.25,
            gap: 43.75,
            flagged: false,
          },
        ],
        hidden_strengths: [],
      });
      // A's "others" is hidden from HR: no gap at all; C and D have no self-evaluation.
      for (const key of ['A', 'C', 'D'] as const)
        expect(gapsOf(insight, key)).toMatchObject({ blind_spots: [], hidden_strengths: [] });
      // Admin: A's gaps 66.67 (item 4), 50, 33.33, all flagged.
      const admin = await read(s.admin);
      expect(gapsOf(admin, 'A').blind_spots.map((g) => [g.item_id, g.gap, g.flagged])).toEqual([
        [s.items[3]!.id, close(200 / 3), true],
        [s.items[2]!.id, 50, true],
        [s.items[1]!.id, close(100 / 3), true],
      ]);
    });

    it('counts per relation the per-person figures the viewer sees, in buckets of 10', async () => {
      const counts = (i: V2Insight) =>
        Object.fromEntries(
          i.distribution.map((d) => [
            d.group,
            Object.fromEntries(
              d.buckets.filter((b) => b.count > 0).map((b) => [b.label, [b.count, b.flagged]]),
            ),
          ]),
        );
      // HR: self A, B 100 · manager 490/9 ×4 · peers D 67.78 · merged B 51.85; A, C, reports hidden.
      expect(counts(await read(hr))).toEqual({
        self: { '90–100': [2, 0] },
        manager: { '50–59': [4, 0] },
        peer: { '60–69': [1, 0] },
        peer_report: { '50–59': [1, 0] },
      });
      // Admin: every group, the hidden ones flagged (peers A 70, B 70, C 80; reports B, C 15.56).
      expect(counts(await read(s.admin))).toEqual({
        self: { '90–100': [2, 0] },
        manager: { '50–59': [4, 0] },
        peer: { '60–69': [1, 0], '70–79': [2, 2], '80–89': [1, 1] },
        report: { '10–19': [2, 2] },
      });
    });

    it('never lets a hidden group’s figure reach gestionhumana', async () => {
      const insight = await read(hr);
      const { people, departments, average, gaps, comparison, distribution } = insight;
      const numbers = numbersIn({ people, departments, average, gaps, comparison });
      // A's "others" and sections, its peers' mean, C's "others" sections, B's and D's item 4.
      for (const hidden of [1750 / 27, 1450 / 27, 650 / 9, 70, 350 / 9, 100 / 3])
        expect(
          numbers.some((n) => Math.abs(n - hidden) < 1e-6),
          String(hidden),
        ).toBe(false);
      expect(distribution.some((d) => d.group === 'report')).toBe(false);
      expect(distribution.reduce((a, d) => a + d.buckets.reduce((b, x) => b + x.flagged, 0), 0)).toBe(0);
      expect(numbersIn(insight).length).toBeGreaterThan(0);
    });

    it('matches each person’s results exactly, for gestionhumana and admin', async () => {
      for (const [client, name] of [
        [hr, 'gestionhumana'],
        [s.admin, 'admin'],
      ] as const) {
        const insight = await read(client);
        for (const key of ['A', 'B', 'C', 'D'] as const) {
          const id = s.evaluatees[key].user.id;
          const { body: results } = await call(client, v2ResultEndpoints.person, {
            params: { id: s.evaluation.id, userId: id },
          });
          const row = insight.people.find((p) => p.user_id === id)!;
          const value = (c: V2InsightCell) => c.value;
          expect(value(row.overall), `${name} ${key}`).toBe(results.others?.overall_percentage ?? null);
          expect(value(row.competencies)).toBe(results.others?.competencies_percentage ?? null);
          expect(value(row.objectives)).toBe(results.others?.objectives_percentage ?? null);
          expect(row.items.map(value), `${name} ${key}`).toEqual(
            results.items.filter((i) => i.type !== 'text').map((i) => i.others_average),
          );
        }
      }
    });

    it('exports every view to a workbook with the same figures', async () => {
      const { status, res } = await call(hr, v2InsightEndpoints.insightXlsx, of(s.evaluation.id));
      expect(status).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*analisis-360-.*\.xlsx"/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets.map((w) => w.name)).toEqual([
        'Avance',
        'Mapa de calor',
        'Puntos ciegos',
        'Comparación',
        'Distribución',
      ]);
      const heat = book.getWorksheet('Mapa de calor')!.getSheetValues() as unknown[][];
      expect(heat[1]!.slice(1, 6)).toEqual([
        'Persona',
        'Departamento',
        'Competencias (%)',
        'Objetivos (%)',
        'General (%)',
      ]);
      expect(heat[2]!.slice(1, 6)).toEqual([
        s.evaluatees.A.user.name,
        'Matemáticas',
        'No se muestra (anonimato)',
        'No se muestra (anonimato)',
        'No se muestra (anonimato)',
      ]);
      expect(heat[3]![5]).toBe(52.5);
      expect(heat[3]![6]).toBe(56.25);
      expect(heat[3]![9]).toBe('No se muestra (anonimato)');
      // People (4), departments (2), overall row.
      expect(heat[6]!.slice(1, 3)).toEqual(['Ciencias', 'Promedio']);
      expect(heat[7]!.slice(1, 3)).toEqual(['Matemáticas', 'Promedio']);
      expect(heat[8]![1]).toBe('Promedio general');
      expect(heat[8]![6]).toBe(59.375);
      const gaps = book.getWorksheet('Puntos ciegos')!.getSheetValues() as unknown[][];
      expect(gaps.slice(2).map((r) => [r[1], r[2], r[6]])).toEqual([
        [s.evaluatees.B.user.name, 'Punto ciego', 50],
        [s.evaluatees.B.user.name, 'Punto ciego', 50],
        [s.evaluatees.B.user.name, 'Punto ciego', 43.75],
      ]);
      const dist = book.getWorksheet('Distribución')!.getSheetValues() as unknown[][];
      expect(dist.slice(2).map((r) => [r[1], r[2]])).toEqual([
        ['Autoevaluación', 2],
        ['Jefe', 4],
        ['Pares', 1],
        ['Pares y colaboradores directos', 1],
      ]);
      expect(dist[2]![12]).toBe(2);
    });

    describe('a later 360 of the same people', () => {
      let later: V2Evaluation;
      let items: V2Item[];
      beforeAll(async () => {
        // Created after the first one: one rating item 1-5, competencies only (overall = competencies).
        later = await createV2OpeningWithItems(s.admin);
        items = await putV2Items(s.admin, later.id, [
          { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
        ]);
        const D = s.evaluatees.D;
        const B = s.evaluatees.B;
        const plan = [
          // D: self 1 (0 %), manager 5, three peers 4, 4, 3 → others (1 + .75 + .75 + .5) / 4 = 75 %.
          { rater: D, evaluatee: D, relation: 'self', value: 1 },
          { rater: s.raters.manager, evaluatee: D, relation: 'manager', value: 5 },
          { rater: s.raters.p1, evaluatee: D, relation: 'peer', value: 4 },
          { rater: s.raters.p2, evaluatee: D, relation: 'peer', value: 4 },
          { rater: s.raters.p3, evaluatee: D, relation: 'peer', value: 3 },
          // B: self 5, manager 3 (50 %), one peer 4 (75 %): hidden from HR, and so is "others".
          { rater: B, evaluatee: B, relation: 'self', value: 5 },
          { rater: s.raters.manager, evaluatee: B, relation: 'manager', value: 3 },
          { rater: s.raters.p1, evaluatee: B, relation: 'peer', value: 4 },
        ] as const;
        const bulk = await call(s.admin, v2AssignmentEndpoints.bulk, {
          body: {
            evaluation_id: later.id,
            assignments: plan.map((p) => ({
              evaluator_id: p.rater.user.id,
              evaluatee_id: p.evaluatee.user.id,
              relation: p.relation,
            })),
          },
        });
        expect(bulk.status).toBe(200);
        for (const p of plan) {
          const row = await t()
            .db.selectFrom('v2_assignments')
            .select('id')
            .where('evaluation_id', '=', later.id)
            .where('evaluator_id', '=', p.rater.user.id)
            .where('evaluatee_id', '=', p.evaluatee.user.id)
            .executeTakeFirstOrThrow();
          const res = await call(p.rater.client, v2AnswerEndpoints.submit, {
            body: {
              evaluation_id: later.id,
              assignment_id: row.id,
              answers: answersFor(items, { values: [p.value] }),
            },
          });
          expect(res.status).toBe(201);
        }
        await setV2Status(s.admin, later.id, 'closed');
      });

      it('compares each person’s overall with their previous closed 360', async () => {
        const insight = await read(hr, later.id);
        const D = insight.comparison.find((c) => c.user_id === s.evaluatees.D.user.id)!;
        expect(D).toEqual({
          user_id: s.evaluatees.D.user.id,
          name: s.evaluatees.D.user.name,
          previous: {
            evaluation_id: s.evaluation.id,
            name: s.evaluation.name,
            period: 'Q4-2025',
            overall: close(580 / 9),
            flagged: false,
          },
          current: shown(75),
          change: close(75 - 580 / 9),
        });
        // B: the previous overall HR saw (52.5), but this one is hidden: no change.
        const B = insight.comparison.find((c) => c.user_id === s.evaluatees.B.user.id)!;
        expect(B).toMatchObject({ previous: { overall: 52.5 }, current: WITHHELD, change: null });
        // Admin: B's current others (50 + 75) / 2 = 62.5, flagged; change 10.
        const admin = await read(s.admin, later.id);
        expect(admin.comparison.find((c) => c.user_id === s.evaluatees.B.user.id)).toMatchObject({
          previous: { overall: 52.5, flagged: false },
          current: shown(62.5, true),
          change: 10,
        });
        // The first 360 has no earlier one.
        const first = await read(hr);
        expect(first.comparison.every((c) => c.previous === null && c.change === null)).toBe(true);
      });

      it('lists a hidden strength where others score higher than self', async () => {
        const insight = await read(hr, later.id);
        const D = insight.gaps.find((g) => g.user_id === s.evaluatees.D.user.id)!;
        expect(D.blind_spots).toEqual([]);
        expect(D.hidden_strengths).toEqual([
          {
            item_id: items[0]!.id,
            question_text: 'Trabaja en equipo.',
            self: 0,
            others: 75,
            gap: -75,
            flagged: false,
          },
        ]);
        expect(insight.gaps.find((g) => g.user_id === s.evaluatees.B.user.id)).toMatchObject({
          blind_spots: [],
          hidden_strengths: [],
        });
      });
    });
  });

  it('answers 404 for an unknown evaluation and 400 for a bad id', async () => {
    const missing = await callExpecting(hr, v2InsightEndpoints.insight, of(999999), 404);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    expect(await statusOf(hr, v2InsightEndpoints.insightXlsx, of(999999))).toBe(404);
    // A bad id: raw.
    const bad = await hr.get(urlOf(v2InsightEndpoints.insight, { params: { id: 'x' } }));
    expect(bad.statusCode).toBe(400);
    expect(await statusOf(hr, v2InsightEndpoints.insightXlsx, of(0))).toBe(400);
  });

  it('answers 401 without a session and 403 to evaluador and colaborador', async () => {
    const calls = [
      { method: 'GET' as const, url: urlOf(v2InsightEndpoints.insight, of(s.evaluation.id)) },
      { method: 'GET' as const, url: urlOf(v2InsightEndpoints.insightXlsx, of(s.evaluation.id)) },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
