import {
  type V2RelationResult,
  type V2Results,
  v2ReleaseEndpoints,
  v2ResultEndpoints as endpoints,
} from '@evalua/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs } from '../../../test/factories';
import { havePoppler, pdfInfo, pdfText } from '../../../test/pdf';
import { setV2Status } from '../../../test/v2';
import { OVERALL, build360, type Scenario } from '../../../test/v2-answers';

const resultsOf = (id: number, userId: number) => ({ params: { id, userId } });
const FORBIDDEN = { error: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' };

const mean = (...v: number[]) => v.reduce((a, x) => a + x, 0) / v.length;
// Section figures of each rater (see test/v2-answers.ts).
const COMP = { self: 100, manager: 50, p1: 200 / 3, p2: 100, p3: 50, r1: 0 };
const OBJ = { self: 100, manager: 550 / 9, p1: 100, p2: 0, p3: 250 / 3, r1: 350 / 9 };

function row(results: V2Results, relation: V2RelationResult['relation']): V2RelationResult | undefined {
  return results.relations.find((r) => r.relation === relation);
}

describeEngines('360 results API', (t) => {
  let s: Scenario;
  const get = async (client: Scenario['admin'], key: 'A' | 'B' | 'C' | 'D') => {
    const res = await call(client, endpoints.person, resultsOf(s.evaluation.id, s.evaluatees[key].user.id));
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    s = await build360(t());
  });

  it('computes every group from the raters’ answers, by hand, for admin', async () => {
    const r = await get(s.admin, 'B');
    expect(r.evaluation).toEqual({
      id: s.evaluation.id,
      name: s.evaluation.name,
      period: 'Q4-2025',
      status: 'open',
      weights: { weight_objectives: 40, weight_competencies: 60 },
    });
    expect(r.evaluatee).toEqual({
      id: s.evaluatees.B.user.id,
      name: s.evaluatees.B.user.name,
      department: 'Matemáticas',
      position: 'Docente',
    });
    const figures = (c: number | null, o: number | null, overall: number | null) => ({
      competencies_percentage: c === null ? null : expect.closeTo(c, 9),
      objectives_percentage: o === null ? null : expect.closeTo(o, 9),
      overall_percentage: overall === null ? null : expect.closeTo(overall, 9),
    });
    expect(r.relations).toEqual([
      {
        relation: 'self',
        raters_completed: 1,
        raters_assigned: 1,
        raters_counted: 1,
        anonymous: false,
        shown: true,
        below_threshold: false,
        ...figures(100, 100, 100),
      },
      {
        relation: 'manager',
        raters_completed: 1,
        raters_assigned: 1,
        raters_counted: 1,
        anonymous: false,
        shown: true,
        below_threshold: false,
        ...figures(50, 550 / 9, 490 / 9),
      },
      {
        relation: 'peer',
        raters_completed: 2,
        raters_assigned: 2,
        raters_counted: 2,
        anonymous: true,
        shown: true,
        below_threshold: true,
        ...figures(mean(COMP.p1, COMP.p2), mean(OBJ.p1, OBJ.p2), mean(OVERALL.p1, OVERALL.p2)),
      },
      {
        relation: 'report',
        raters_completed: 1,
        raters_assigned: 1,
        raters_counted: 1,
        anonymous: true,
        shown: true,
        below_threshold: true,
        ...figures(0, 350 / 9, 140 / 9),
      },
    ]);
    expect(r.self).toEqual({ raters: 1, ...figures(100, 100, 100) });
    // others: manager, p1, p2, r1 → (490/9 + 80 + 60 + 140/9) / 4 = 52.5
    expect(r.others).toEqual({
      raters: 4,
      ...figures(
        mean(COMP.manager, COMP.p1, COMP.p2, COMP.r1),
        mean(OBJ.manager, OBJ.p1, OBJ.p2, OBJ.r1),
        52.5,
      ),
    });
    expect(r.released).toBe(true);
    expect(r.hidden_note).toBe(
      'Vista de administración. Nadie más ve estos resultados hasta que la evaluación se cierre: mientras siga abierta, solo el avance. Para proteger el anonimato, los grupos anónimos (pares, colaboradores directos, o jefes cuando son varios) con menos de 3 respuestas que cuenten no se muestran por separado a nadie más.',
    );

    // Items: averages 0-100 of the scores (N/A and text carry none); na_count counts N/A.
    const [i1, i2, i3, i4, i5] = r.items;
    expect(i1).toEqual({
      item_id: s.items[0]!.id,
      question_text: 'Trabaja en equipo con sus colegas.',
      type: 'rating',
      section: 'competency',
      weight: 2,
      self_average: 100,
      others_average: expect.closeTo(mean(75, 50, 100, 0), 9),
      by_relation: { manager: 75, peer: 75, report: 0 },
      na_count: 0,
    });
    expect(i2).toMatchObject({
      self_average: 100,
      others_average: 50,
      by_relation: { manager: 0, peer: 100, report: 0 },
    });
    expect(i3).toMatchObject({ others_average: 50, by_relation: { manager: 50, peer: 50, report: 50 } });
    // Item 4: p1 said N/A → the peer average is p2's alone.
    expect(i4).toMatchObject({
      others_average: expect.closeTo(mean(200 / 3, 0, 100 / 3), 9),
      by_relation: { manager: expect.closeTo(200 / 3, 9), peer: 0, report: expect.closeTo(100 / 3, 9) },
      na_count: 1,
    });
    expect(i5).toMatchObject({
      type: 'text',
      self_average: null,
      others_average: null,
      by_relation: { manager: null, peer: null, report: null },
      na_count: 2,
    });

    // Comments and written answers, attributed by group only; by item, group, then text.
    expect(r.comments).toEqual([
      {
        relation: 'manager',
        item_id: s.items[0]!.id,
        question_text: 'Trabaja en equipo con sus colegas.',
        text: 'Buen trabajo en equipo.',
      },
      {
        relation: 'peer',
        item_id: s.items[1]!.id,
        question_text: 'Cumple con el horario establecido.',
        text: 'Siempre puntual.',
      },
      {
        relation: 'report',
        item_id: s.items[3]!.id,
        question_text: 'Logro de los aprendizajes esperados.',
        text: 'Le cuesta el cierre.',
      },
      {
        relation: 'self',
        item_id: s.items[4]!.id,
        question_text: 'Comentarios generales.',
        text: 'Me esfuerzo mucho.',
      },
      {
        relation: 'peer',
        item_id: s.items[4]!.id,
        question_text: 'Comentarios generales.',
        text: 'Colabora con todos.',
      },
      {
        relation: 'report',
        item_id: s.items[4]!.id,
        question_text: 'Comentarios generales.',
        text: 'Explica con claridad.',
      },
    ]);
  });

  it('gives HR completion only while the evaluation is open: no figure, item average or comment', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    for (const key of ['A', 'B', 'C', 'D'] as const) {
      const r = await get(hr, key);
      expect(r.released).toBe(false);
      expect(r.evaluation.status).toBe('open');
      expect(r.self).toBeNull();
      expect(r.others).toBeNull();
      expect(r.comments).toEqual([]);
      for (const relation of r.relations) {
        expect(relation).toMatchObject({
          shown: false,
          overall_percentage: null,
          competencies_percentage: null,
        });
      }
      for (const item of r.items) {
        expect(item).toMatchObject({
          self_average: null,
          others_average: null,
          by_relation: {},
          na_count: 0,
        });
      }
      expect(r.hidden_note).toBe(
        'Los resultados de cada persona se publican cuando la evaluación se cierra. Mientras siga abierta solo se muestra el avance: comparar resultados leídos antes y después de una respuesta revelaría lo que respondió esa persona.',
      );
    }
    // The counts stay: HR follows the round's progress.
    const d = await get(hr, 'D');
    expect(row(d, 'peer')).toMatchObject({ raters_completed: 3, raters_assigned: 4 });
    const { body: summary } = await call(hr, endpoints.summary, { params: { id: s.evaluation.id } });
    expect(summary).toMatchObject({
      released: false,
      evaluatees: 4,
      evaluatees_scored: 0,
      assignments_total: 17,
      assignments_completed: 16,
      overall_average: null,
    });
    expect(summary.by_relation.every((r) => r.overall_average === null)).toBe(true);
    expect(summary.distribution.every((b) => b.count === 0)).toBe(true);
    const ofD = resultsOf(s.evaluation.id, s.evaluatees.D.user.id);
    const xlsx = await call(hr, endpoints.personXlsx, ofD);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Comentarios')!.rowCount).toBeLessThanOrEqual(1);
    expect((book.getWorksheet('Resumen')!.getSheetValues()[2] as unknown[])[7]).toBe(
      'Se publica al cerrar la evaluación',
    );
    if (havePoppler) {
      const pdf = await call(hr, endpoints.personPdf, ofD);
      const text = pdfText(pdf.res.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('Se publica al cerrar la evaluación');
      expect(text).toContain('Los resultados de cada persona se publican cuando la evaluación se cierra.');
      expect(text).not.toContain('Excelente');
    }
  });

  it('lets the evaluatee read their own results only once the evaluation is closed, hidden like HR', async () => {
    const self = s.evaluatees.A.client;
    const own = resultsOf(s.evaluation.id, s.evaluatees.A.user.id);
    const ofB = resultsOf(s.evaluation.id, s.evaluatees.B.user.id);
    const before = await callExpecting(self, endpoints.person, own, 403);
    expect(before.status).toBe(403);
    expect(before.body).toEqual(FORBIDDEN);
    expect(await statusOf(self, endpoints.personPdf, own)).toBe(403);
    // Someone else's results: 403, open or closed, for a colaborador and an evaluator alike.
    expect(await statusOf(self, endpoints.person, ofB)).toBe(403);
    expect(await statusOf(s.raters.manager.client, endpoints.person, own)).toBe(403);
    // 'Mis resultados 360' lists nothing while the evaluation is open.
    expect((await call(self, endpoints.mine)).body).toEqual({ rows: [] });

    await setV2Status(s.admin, s.evaluation.id, 'closed');
    // HR shares each person's results with them (decision 038).
    const release = await call(s.admin, v2ReleaseEndpoints.set, {
      params: { id: s.evaluation.id },
      body: { evaluatee: true, manager: false },
    });
    expect(release.status).toBe(200);
    const listed = await call(self, endpoints.mine);
    expect(listed.status).toBe(200);
    expect(listed.body.rows).toEqual([
      {
        evaluation_id: s.evaluation.id,
        evaluation_name: s.evaluation.name,
        period: s.evaluation.period,
        released: true,
      },
    ]);
    // A rater who was not rated themself has nothing to open.
    expect((await call(s.raters.p1.client, endpoints.mine)).body).toEqual({ rows: [] });
    expect(await statusOf(t().client(), endpoints.mine)).toBe(401);
    const after = await call(self, endpoints.person, own);
    expect(after.status).toBe(200);
    const r = after.body;
    expect(r.evaluation.status).toBe('closed');
    expect(row(r, 'peer')!.shown).toBe(false);
    expect(r.others).toBeNull();
    expect(JSON.stringify(r)).not.toContain('Siempre puntual');
    expect(await statusOf(self, endpoints.person, ofB)).toBe(403);
    expect(await statusOf(s.raters.p1.client, endpoints.person, own)).toBe(403);
  });

  it('hides a group of 2 peers from HR (shown to admin) and withholds "others", which would reveal it', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const admin = await get(s.admin, 'A');
    expect(row(admin, 'peer')).toMatchObject({ shown: true, below_threshold: true, overall_percentage: 70 });
    expect(admin.others!.overall_percentage).toBeCloseTo(mean(OVERALL.manager, OVERALL.p1, OVERALL.p2), 9);

    const r = await get(hr, 'A');
    expect(row(r, 'peer')).toEqual({
      relation: 'peer',
      raters_completed: 2,
      raters_assigned: 2,
      raters_counted: 2,
      anonymous: true,
      shown: false,
      below_threshold: true,
      competencies_percentage: null,
      objectives_percentage: null,
      overall_percentage: null,
    });
    expect(row(r, 'manager')).toMatchObject({ shown: true, overall_percentage: expect.closeTo(490 / 9, 9) });
    expect(row(r, 'self')).toMatchObject({ shown: true, overall_percentage: 100 });
    expect(row(r, 'peer_report')).toBeUndefined();
    expect(r.others).toBeNull();
    expect(r.self).toMatchObject({ raters: 1, overall_percentage: 100 });
    for (const item of r.items) {
      expect(item.others_average).toBeNull();
      expect(Object.keys(item.by_relation)).toEqual(['manager']);
    }
    // N/A counted only among the raters HR may see (p1's N/A on item 4 is hidden).
    expect(r.items.map((i) => i.na_count)).toEqual([0, 0, 0, 0, 1]);
    expect(r.comments.map((c) => [c.relation, c.text])).toEqual([
      ['manager', 'Buen trabajo en equipo.'],
      ['self', 'Me esfuerzo mucho.'],
    ]);
    expect(r.hidden_note).toBe(
      'Para proteger el anonimato, los grupos anónimos (pares, colaboradores directos, o jefes cuando son varios) con menos de 3 respuestas que cuenten no se muestran por separado. Por la misma razón no se muestra el promedio de «Otros».',
    );
    expect(JSON.stringify(r)).not.toContain('Siempre puntual');
    expect(JSON.stringify(r)).not.toContain('Colabora con todos');
  });

  it('merges two hidden groups for HR and shows them together once they reach the threshold', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const r = await get(hr, 'B');
    expect(r.relations.map((x) => [x.relation, x.shown, x.raters_completed])).toEqual([
      ['self', true, 1],
      ['manager', true, 1],
      ['peer', false, 2],
      ['report', false, 1],
      ['peer_report', true, 3],
    ]);
    expect(row(r, 'peer_report')).toMatchObject({
      raters_assigned: 3,
      below_threshold: false,
      competencies_percentage: expect.closeTo(mean(COMP.p1, COMP.p2, COMP.r1), 9),
      objectives_percentage: expect.closeTo(mean(OBJ.p1, OBJ.p2, OBJ.r1), 9),
      overall_percentage: expect.closeTo(mean(OVERALL.p1, OVERALL.p2, OVERALL.r1), 9),
    });
    // Every non-self rater is in a shown group, so "others" reveals nothing new.
    expect(r.others).toMatchObject({ raters: 4, overall_percentage: expect.closeTo(52.5, 9) });
    expect(r.items[0]!.by_relation).toEqual({ manager: 75, peer_report: 50 });
    // Item 4: p1 said N/A, so only 2 of the merged group scored it — below 3, withheld (decision 023),
    // and "others" with it (manager's answer is shown: others − manager would give those two away).
    expect(r.items[3]).toMatchObject({
      by_relation: { manager: expect.closeTo(200 / 3, 9), peer_report: null },
      others_average: null,
      na_count: 1,
    });
    expect(r.comments.filter((c) => c.relation === 'peer_report').map((c) => c.text)).toEqual([
      'Siempre puntual.',
      'Le cuesta el cierre.',
      'Colabora con todos.',
      'Explica con claridad.',
    ]);
    expect(r.comments.some((c) => c.relation === 'peer' || c.relation === 'report')).toBe(false);
    expect(r.hidden_note).toContain('se presentan juntos como «Pares y colaboradores directos»');
  });

  it('keeps merged groups hidden while together they are below the threshold', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const r = await get(hr, 'C');
    expect(r.relations.map((x) => [x.relation, x.shown, x.raters_completed])).toEqual([
      ['manager', true, 1],
      ['peer', false, 1],
      ['report', false, 1],
      ['peer_report', false, 2],
    ]);
    expect(row(r, 'peer_report')).toMatchObject({ below_threshold: true, overall_percentage: null });
    expect(r.self).toBeNull();
    expect(r.others).toBeNull();
    expect(r.comments.map((c) => c.relation)).toEqual(['manager']);
    const admin = await get(s.admin, 'C');
    expect(admin.others!.overall_percentage).toBeCloseTo(50, 9);
    expect(row(admin, 'peer_report')).toBeUndefined();
  });

  it('shows a group of 3 peers to HR, with "others", while a 4th is still pending', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const r = await get(hr, 'D');
    expect(row(r, 'peer')).toMatchObject({
      raters_completed: 3,
      raters_assigned: 4,
      shown: true,
      below_threshold: false,
      overall_percentage: expect.closeTo(mean(OVERALL.p1, OVERALL.p2, OVERALL.p3), 9),
    });
    expect(r.others!.overall_percentage).toBeCloseTo(580 / 9, 9);
    expect(r.hidden_note).toBeUndefined();
  });

  it('summarises the evaluation: completion, overall average, relations and distribution, per viewer', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const of = { params: { id: s.evaluation.id } };
    const { body: full } = await call(s.admin, endpoints.summary, of);
    const othersA = mean(OVERALL.manager, OVERALL.p1, OVERALL.p2);
    const othersD = 580 / 9;
    expect(full).toEqual({
      evaluatees: 4,
      evaluatees_scored: 4,
      assignments_total: 17,
      assignments_completed: 16,
      completion_percentage: expect.closeTo((16 / 17) * 100, 9),
      overall_average: expect.closeTo(mean(othersA, 52.5, 50, othersD), 9),
      by_relation: [
        { relation: 'self', total: 2, completed: 2, overall_average: 100 },
        { relation: 'manager', total: 4, completed: 4, overall_average: expect.closeTo(490 / 9, 9) },
        {
          relation: 'peer',
          total: 9,
          completed: 8,
          overall_average: expect.closeTo(mean(70, 70, 80, mean(80, 60, 190 / 3)), 9),
        },
        { relation: 'report', total: 2, completed: 2, overall_average: expect.closeTo(140 / 9, 9) },
      ],
      distribution: [
        { label: '0–59', min: 0, max: 60, count: 2 },
        { label: '60–69', min: 60, max: 70, count: 2 },
        { label: '70–79', min: 70, max: 80, count: 0 },
        { label: '80–89', min: 80, max: 90, count: 0 },
        { label: '90–100', min: 90, max: 100, count: 0 },
      ],
      released: true,
    });
    // HR: only what HR may see enters the averages (A and C have "others" withheld).
    const { body: restricted } = await call(hr, endpoints.summary, of);
    expect(restricted).toMatchObject({
      evaluatees: 4,
      evaluatees_scored: 2,
      assignments_total: 17,
      assignments_completed: 16,
      overall_average: expect.closeTo(mean(52.5, othersD), 9),
    });
    expect(restricted.by_relation.map((r) => r.overall_average)).toEqual([
      100,
      expect.closeTo(490 / 9, 9),
      expect.closeTo(mean(80, 60, 190 / 3), 9),
      null,
    ]);
    expect(restricted.distribution.map((b) => b.count)).toEqual([1, 1, 0, 0, 0]);
  });

  describe.skipIf(!havePoppler)('PDF', () => {
    it('is an A4 PDF with the logo, the figures by relation, items and comments, hidden like the JSON', async () => {
      const { client: hr } = await loginAs(t(), 'gestionhumana');
      const ofA = resultsOf(s.evaluation.id, s.evaluatees.A.user.id);
      const { status, res } = await call(hr, endpoints.personPdf, ofA);
      expect(status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="resultados-360-evaluada-a-/);
      expect(pdfInfo(res.rawPayload)).toMatch(/\(A4\)/);
      const text = pdfText(res.rawPayload);
      for (const expected of [
        'Resultados de la evaluación 360°',
        s.evaluatees.A.user.name,
        'Matemáticas',
        s.evaluation.name,
        'Resultados por relación',
        'Autoevaluación',
        'Jefe',
        '54.44 %',
        '100.00 %',
        'No se muestra (anonimato)',
        'Trabaja en equipo con sus colegas.',
        'Buen trabajo en equipo.',
        'Me esfuerzo mucho.',
        'Por la misma razón no se muestra el promedio de «Otros».',
        'Página 1 de',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Siempre puntual');
      expect(text).not.toContain('70.00 %');

      const asAdmin = pdfText((await call(s.admin, endpoints.personPdf, ofA)).res.rawPayload);
      expect(asAdmin).toContain('Siempre puntual.');
      expect(asAdmin).toContain('70.00 %');
    });
  });

  it('exports the results to Excel with the same hiding', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const ofA = resultsOf(s.evaluation.id, s.evaluatees.A.user.id);
    const { status, res } = await call(hr, endpoints.personXlsx, ofA);
    expect(status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="resultados-360-evaluada-a-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Resumen', 'Preguntas', 'Comentarios']);
    const summary = book.getWorksheet('Resumen')!;
    const rows = summary.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[1])).toEqual(['Autoevaluación', 'Jefe', 'Pares']);
    expect(rows[2]![7]).toBe('No se muestra (anonimato)');
    expect(rows[2]![6]).toBeUndefined();
    const questions = book.getWorksheet('Preguntas')!;
    expect(questions.getRow(1).values).toEqual([
      undefined,
      'Pregunta',
      'Sección',
      'Tipo',
      'Peso',
      'Autoevaluación (%)',
      'Otros (%)',
      'Jefe (%)',
      'N/A',
    ]);
    const comments = book.getWorksheet('Comentarios')!;
    const texts = (comments.getSheetValues().slice(2) as unknown[][]).map((r) => r[3]);
    expect(texts).toEqual(['Buen trabajo en equipo.', 'Me esfuerzo mucho.']);
    const full = await call(s.admin, endpoints.personXlsx, ofA);
    const adminBook = new ExcelJS.Workbook();
    await adminBook.xlsx.load(full.res.rawPayload as unknown as ArrayBuffer);
    // Header + manager, p1's comment, self's and p1's written answers.
    expect(adminBook.getWorksheet('Comentarios')!.rowCount).toBe(5);
  });

  it('answers 404 for an unknown evaluation, user, or someone without raters; 400 for bad ids', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const missing = await callExpecting(
      client,
      endpoints.person,
      resultsOf(999999, s.evaluatees.A.user.id),
      404,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    const nobody = await callExpecting(client, endpoints.person, resultsOf(s.evaluation.id, 999999), 404);
    expect(nobody.body).toEqual({ error: 'El usuario no existe.', code: 'NOT_FOUND' });
    const stranger = await createUser(t());
    const unrated = await callExpecting(
      client,
      endpoints.person,
      resultsOf(s.evaluation.id, stranger.id),
      404,
    );
    expect(unrated.status).toBe(404);
    expect(unrated.body).toEqual({
      error: 'Esta persona no tiene evaluadores asignados en esta evaluación.',
      code: 'NOT_FOUND',
    });
    expect(await statusOf(client, endpoints.personPdf, resultsOf(s.evaluation.id, 999999))).toBe(404);
    expect(await statusOf(client, endpoints.summary, { params: { id: 999999 } })).toBe(404);
    // A bad id: raw.
    expect((await client.get(urlOf(endpoints.person, { params: { id: 'x', userId: 1 } }))).statusCode).toBe(
      400,
    );
    expect(await statusOf(client, endpoints.person, resultsOf(1, 0))).toBe(400);
  });

  it('answers 401 without a session and 403 to the roles that may not read', async () => {
    const ofA = resultsOf(s.evaluation.id, s.evaluatees.A.user.id);
    const calls = [
      { method: 'GET' as const, url: urlOf(endpoints.person, ofA) },
      { method: 'GET' as const, url: urlOf(endpoints.personPdf, ofA) },
      { method: 'GET' as const, url: urlOf(endpoints.personXlsx, ofA) },
      { method: 'GET' as const, url: urlOf(endpoints.summary, { params: { id: s.evaluation.id } }) },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});

describeEngines(
  '360 results API with ANONYMITY_MIN_RATERS=2',
  (t) => {
    it('shows groups of 2 to HR, and merges 1 peer + 1 report into a shown group', async () => {
      const s = await build360(t());
      await setV2Status(s.admin, s.evaluation.id, 'closed');
      const { client: hr } = await loginAs(t(), 'gestionhumana');
      const { body: a } = await call(
        hr,
        endpoints.person,
        resultsOf(s.evaluation.id, s.evaluatees.A.user.id),
      );
      expect(row(a, 'peer')).toMatchObject({ shown: true, below_threshold: false, overall_percentage: 70 });
      expect(a.others!.overall_percentage).toBeCloseTo(mean(OVERALL.manager, OVERALL.p1, OVERALL.p2), 9);
      expect(a.hidden_note).toBeUndefined();
      const { body: c } = await call(
        hr,
        endpoints.person,
        resultsOf(s.evaluation.id, s.evaluatees.C.user.id),
      );
      expect(c.relations.map((x) => [x.relation, x.shown])).toEqual([
        ['manager', true],
        ['peer', false],
        ['report', false],
        ['peer_report', true],
      ]);
      expect(c.others!.overall_percentage).toBeCloseTo(50, 9);
    });
  },
  { anonymityMinRaters: 2 },
);
