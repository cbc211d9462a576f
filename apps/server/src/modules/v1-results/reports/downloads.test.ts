import {
  fullEvaluationEndpoints,
  reportEndpoints,
  trainingEndpoints,
  type BodyInput,
} from '@evalua/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../../test/access';
import { call, callExpecting } from '../../../../test/call';
import { describeEngines, type TestContext } from '../../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../../test/factories';
import { havePoppler, pdfInfo, pdfText } from '../../../../test/pdf';
import { createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../../../../test/v1';

/** One collaborator evaluated once: competencies [4, 3] and objective [2] at 50/50 → 87.5, 50, 68.75. */
async function evaluatedCollaborator(t: TestContext, name: string) {
  const setup = await createV1Evaluation(t, ['competency', 'competency', 'objective'], {
    competencies: 50,
    objectives: 50,
  });
  const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t, setup, {
    name,
    department: 'Matemáticas',
    position: 'Docente',
  });
  const body = submitBody(setup, collaborator.id, evaluator.id, [4, 3, 2], {
    requires_training: true,
    comments: '=HYPERLINK("http://malo") formación en evaluación',
  });
  // submitBody types each score as possibly undefined.
  const res = await call(client, fullEvaluationEndpoints.submit, {
    body: body as BodyInput<typeof fullEvaluationEndpoints.submit>,
  });
  expect(res.status).toBe(201);
  return { setup, collaborator, evaluatorName: evaluator.name };
}

describeEngines('report downloads (PDF, Excel, CSV)', (t) => {
  describe.skipIf(!havePoppler)('PDF', () => {
    it('gives admin, HR and the person themself an A4 PDF of the report, named after both', async () => {
      const name = `Ángela Núñez ${unique('')}`;
      const { setup, collaborator, evaluatorName } = await evaluatedCollaborator(t(), name);
      const theReport = { params: { evaluationId: setup.evaluationId, userId: collaborator.id } };
      const evaluation = await t()
        .db.selectFrom('evaluations')
        .select('name')
        .where('id', '=', setup.evaluationId)
        .executeTakeFirstOrThrow();
      const self = await t().client().login(collaborator.email, DEFAULT_PASSWORD);
      expect(self.statusCode).toBe(200);
      const readers = [(await loginAs(t(), 'admin')).client, (await loginAs(t(), 'gestionhumana')).client];
      for (const client of readers) {
        const { status, res } = await call(client, reportEndpoints.pdf, theReport);
        expect(status).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="reporte-angela-nunez-/);
        const text = pdfText(res.rawPayload);
        for (const expected of [name, evaluation.name, 'Matemáticas', '87.50 %', '50.00 %', '68.75 %']) {
          expect(text).toContain(expected);
        }
        // A paper to sign (issue 30 §6): the organisation, who evaluated, the weights, the signatures.
        for (const expected of [
          t().config.organizationName,
          `Evaluador: ${evaluatorName}`,
          'Pesos: Competencias 50 % · Objetivos 50 %',
          'Escala: 1 = Insatisfactorio',
          'Persona evaluada',
        ]) {
          expect(text).toContain(expected);
        }
        expect(pdfInfo(res.rawPayload)).toMatch(/\(A4\)/);
      }
    });

    it('lets the person download their own PDF', async () => {
      const { setup, collaborator } = await evaluatedCollaborator(t(), 'Pedro Propio');
      const client = t().client();
      expect((await client.login(collaborator.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
      const { status, res } = await call(client, reportEndpoints.pdf, {
        params: { evaluationId: setup.evaluationId, userId: collaborator.id },
      });
      expect(status).toBe(200);
      expect(pdfText(res.rawPayload)).toContain('Pedro Propio');
    });
  });

  it('refuses someone else’s PDF (403), answers 404 without data and 401 without a session', async () => {
    const { setup, collaborator } = await evaluatedCollaborator(t(), 'Otra Persona');
    const url = `/api/reports/full/${setup.evaluationId}/${collaborator.id}/pdf`;
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], [{ method: 'GET', url }]);
    await expectAllUnauthenticated(t(), [{ method: 'GET', url }]);
    const nobody = await createUser(t(), { category_id: setup.categoryId });
    const { client } = await loginAs(t(), 'admin');
    const missing = await callExpecting(
      client,
      reportEndpoints.pdf,
      { params: { evaluationId: setup.evaluationId, userId: nobody.id } },
      404,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'No hay datos para este reporte.', code: 'NOT_FOUND' });
  });

  it('exports the reports list as Excel and CSV, searched, with no live formula in any cell', async () => {
    const tag = unique('Exporta');
    await evaluatedCollaborator(t(), `${tag} Uno`);
    await evaluatedCollaborator(t(), `${tag} Dos`);
    const { client } = await loginAs(t(), 'gestionhumana');

    const { status: xlsxStatus, res: xlsx } = await call(client, reportEndpoints.export, {
      query: { format: 'xlsx', q: tag },
    });
    expect(xlsxStatus).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toContain('reportes.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual([
      'Colaborador',
      'Departamento',
      'Puesto',
      'Evaluación',
      'Periodo',
      'Resultado (%)',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[6]])).toEqual([
      [`${tag} Dos`, 68.75],
      [`${tag} Uno`, 68.75],
    ]);

    const { status: csvStatus, res: csv } = await call(client, reportEndpoints.export, {
      query: { format: 'csv', q: tag },
    });
    expect(csvStatus).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = csv.rawPayload.toString('utf8');
    expect(
      text.startsWith('\ufeffColaborador,Departamento,Puesto,Evaluación,Periodo,Resultado (%)\r\n'),
    ).toBe(true);
    expect(text).toContain(`${tag} Uno,Matemáticas,Docente,`);
    expect(text).toContain(',68.75\r\n');
  });

  it('exports the training report with comments made inert, and refuses a bad format', async () => {
    const tag = unique('Capacita');
    await evaluatedCollaborator(t(), `${tag} Persona`);
    const { client } = await loginAs(t(), 'admin');
    const { status: csvStatus, res: csv } = await call(client, trainingEndpoints.export, {
      query: { format: 'csv', q: tag },
    });
    expect(csvStatus).toBe(200);
    expect(csv.headers['content-disposition']).toContain('reporte-capacitacion.csv');
    const lines = csv.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\ufeffEvaluador,Colaborador,Evaluación,Comentarios');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${tag} Persona`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://malo"") formación en evaluación"`);

    const { status: xlsxStatus, res: xlsx } = await call(client, trainingEndpoints.export, {
      query: { q: tag },
    });
    expect(xlsxStatus).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cell = book.worksheets[0]!.getRow(2).getCell(4);
    expect(cell.value).toBe(`'=HYPERLINK("http://malo") formación en evaluación`);
    expect(cell.formula).toBeUndefined();

    const bad = await callExpecting(client, trainingEndpoints.export, { query: { format: 'pdf' } }, 400);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('El formato debe ser xlsx o csv.');
  });

  it('keeps the exports to admin and HR', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/reports/export?format=csv' },
      { method: 'GET' as const, url: '/api/training-report/export?format=xlsx' },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
