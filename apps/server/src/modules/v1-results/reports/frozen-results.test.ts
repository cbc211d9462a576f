import {
  dashboardEndpoints,
  evaluationEndpoints,
  historyEndpoints,
  questionBankEndpoints,
  reportEndpoints,
  resultEndpoints,
  type Question,
} from '@evalua/contracts';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { call, statusOf } from '../../../../test/call';
import type { TestClient } from '../../../../test/client';
import { describeEngines, type TestContext } from '../../../../test/context';
import { createUser, loginAs, unique } from '../../../../test/factories';
import { havePoppler, pdfText } from '../../../../test/pdf';
import {
  assign,
  clientFor,
  createV1Evaluation,
  submitBody,
  type V1Setup,
  submitV1,
} from '../../../../test/v1';

/**
 * A result never changes after it is given (issue 15, decision 026): whatever HR does to the bank and
 * the evaluation afterwards, every figure of a submission — list, report, PDF, history, latest,
 * export, dashboard — stays what it was, and every screen shows the same figure.
 */

interface Round {
  setup: V1Setup;
  collaboratorId: number;
  tag: string;
  hr: TestClient;
}

/** Two evaluators rate one collaborator on 2 competencies and 1 objective (60/40). */
async function submittedRound(t: TestContext): Promise<Round> {
  const setup = await createV1Evaluation(t, ['competency', 'competency', 'objective'], {
    competencies: 60,
    objectives: 40,
  });
  const tag = unique('Congelada');
  const collaborator = await createUser(t, { name: `${tag} Pérez`, category_id: setup.categoryId });
  for (const scores of [
    [4, 3, 1],
    [2, 3, 4],
  ]) {
    const evaluator = await createUser(t, { role: 'evaluador' });
    await assign(t, evaluator.id, collaborator.id);
    const client = await clientFor(t, evaluator);
    const res = await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, scores));
    expect(res.status).toBe(201);
  }
  const { client: hr } = await loginAs(t, 'gestionhumana');
  return { setup, collaboratorId: collaborator.id, tag, hr };
}

/** Every figure the API gives of the round's result, read the way each screen reads it. */
async function figures(round: Round, opts: { pdf: boolean }) {
  const { hr, setup, collaboratorId, tag } = round;
  const theReport = { params: { evaluationId: setup.evaluationId, userId: collaboratorId } };
  const list = (await call(hr, reportEndpoints.list, { query: { q: tag } })).body;
  const report = (await call(hr, reportEndpoints.full, theReport)).body;
  const history = (await call(hr, historyEndpoints.ofUser, { params: { userId: collaboratorId } })).body;
  const latest = (await call(hr, resultEndpoints.latest, { params: { userId: collaboratorId } })).body;
  const csv = (
    await call(hr, reportEndpoints.export, { query: { format: 'csv', q: tag } })
  ).res.rawPayload.toString('utf8');
  const pdf =
    opts.pdf && havePoppler
      ? pdfText((await call(hr, reportEndpoints.pdf, theReport)).res.rawPayload).replace(/Generado el .*/, '')
      : null;
  // The dashboard counts the open round: compared where no state changes (the first test).
  const dashboard = opts.pdf ? (await call(hr, dashboardEndpoints.metrics)).body : null;
  return { list, report, history, latest, csv, pdf, dashboard };
}

/** The stored rows themselves: submissions and answers with the question each answer points at. */
async function storedRows(t: TestContext, evaluationId: number) {
  return t.db
    .selectFrom('v1_submissions as s')
    .innerJoin('v1_answers as a', 'a.submission_id', 's.id')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .select([
      's.id',
      's.overall_percentage',
      's.competencies_percentage',
      's.objectives_percentage',
      'a.question_id',
      'a.score',
      'q.question_text',
      'q.question_type',
    ])
    .where('s.evaluation_id', '=', evaluationId)
    .orderBy('s.id')
    .orderBy('a.question_id')
    .execute();
}

async function bankQuestions(hr: TestClient, bankId: number): Promise<Question[]> {
  return (await call(hr, questionBankEndpoints.questions, { params: { id: bankId } })).body;
}

type Figures = Awaited<ReturnType<typeof figures>>;

function rowsOf<T>(list: T[] | { rows: T[] }): T[] {
  return Array.isArray(list) ? list : list.rows;
}

describeEngines('results never change after they are given', (t) => {
  it('every screen shows one figure, and re-typing, rewording, removing or adding questions changes none', async () => {
    const round = await submittedRound(t());
    const { hr, setup } = round;
    const before = await figures(round, { pdf: true });
    const rowsBefore = await storedRows(t(), setup.evaluationId);

    // One source: the list, the report, the history, the latest result and the export agree.
    const overall = before.report.overall_percentage;
    expect(rowsOf(before.list)).toEqual([
      expect.objectContaining({ evaluation_id: setup.evaluationId, overall_percentage: overall }),
    ]);
    expect(before.history[0]).toMatchObject({
      evaluation_id: setup.evaluationId,
      overall_percentage: overall,
      competencies_percentage: before.report.competencies_percentage,
      objectives_percentage: before.report.objectives_percentage,
    });
    expect(before.latest).toMatchObject({ overall_percentage: overall });
    // (4+3)/2 and (3+3)/2 … the exact figure: mean of the two stored results.
    expect(overall).toBeCloseTo((0.6 * 87.5 + 0.4 * 25 + (0.6 * 62.5 + 0.4 * 100)) / 2, 9);

    const [q1, q2, q3] = await bankQuestions(hr, setup.bankId);
    // Re-type an answered question (competency → objective): a new version takes its place.
    const retyped = await call(hr, questionBankEndpoints.updateQuestion, {
      params: { id: setup.bankId, qid: q1!.id },
      body: { question_text: q1!.question_text, question_type: 'objective' },
    });
    expect(retyped.status).toBe(200);
    const v2 = retyped.body;
    expect(v2.id).not.toBe(q1!.id);
    // Reword another, remove the third, add a new one.
    const reworded = await call(hr, questionBankEndpoints.updateQuestion, {
      params: { id: setup.bankId, qid: q2!.id },
      body: { question_text: 'Texto corregido', question_type: q2!.question_type },
    });
    expect(reworded.status).toBe(200);
    expect(
      await statusOf(hr, questionBankEndpoints.removeQuestion, { params: { id: setup.bankId, qid: q3!.id } }),
    ).toBe(204);
    await call(hr, questionBankEndpoints.addQuestion, {
      params: { id: setup.bankId },
      body: { question_text: 'Pregunta nueva', question_type: 'competency' },
    });
    // The bank asks the new versions, in the old order, then the new question.
    expect((await bankQuestions(hr, setup.bankId)).map((q) => [q.question_text, q.question_type])).toEqual([
      [q1!.question_text, 'objective'],
      ['Texto corregido', q2!.question_type],
      ['Pregunta nueva', 'competency'],
    ]);
    // The weights, category and bank of an evaluation with results stay.
    const theEvaluation = { params: { id: setup.evaluationId } };
    const evaluation = (await call(hr, evaluationEndpoints.get, theEvaluation)).body;
    const reweighted = await statusOf(hr, evaluationEndpoints.update, {
      ...theEvaluation,
      body: { ...evaluation, weight_competencies: 50, weight_objectives: 50 },
    });
    expect(reweighted).toBe(409);

    const after = await figures(round, { pdf: true });
    expect(after).toEqual(before);
    expect(await storedRows(t(), setup.evaluationId)).toEqual(rowsBefore);
    // The old report shows the texts that were answered.
    expect(after.report.questions.map((q) => q.question_text)).toEqual([
      q1!.question_text,
      q2!.question_text,
      q3!.question_text,
    ]);
  });

  it('a fuzz over edits to the bank and the evaluations after submissions never changes a stored result', async () => {
    const round = await submittedRound(t());
    const { hr, setup } = round;
    const before = await figures(round, { pdf: false });
    const rowsBefore = await storedRows(t(), setup.evaluationId);
    const { client: admin } = await loginAs(t(), 'admin');
    const theEvaluation = { params: { id: setup.evaluationId } };
    const evaluationBody = (await call(hr, evaluationEndpoints.get, theEvaluation)).body;

    type Edit =
      | { kind: 'retype' | 'reword' | 'remove'; pick: number; text: string }
      | { kind: 'add'; text: string; type: 'competency' | 'objective' }
      | { kind: 'rename'; text: string }
      | { kind: 'reweight'; competencies: number }
      | { kind: 'newRound' | 'reopen' | 'close' };
    const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0);
    const edit: fc.Arbitrary<Edit> = fc.oneof(
      fc.record({
        kind: fc.constantFrom('retype' as const, 'reword' as const, 'remove' as const),
        pick: fc.nat(),
        text,
      }),
      fc.record({
        kind: fc.constant('add' as const),
        text,
        type: fc.constantFrom('competency' as const, 'objective' as const),
      }),
      fc.record({ kind: fc.constant('rename' as const), text }),
      fc.record({ kind: fc.constant('reweight' as const), competencies: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ kind: fc.constantFrom('newRound' as const, 'reopen' as const, 'close' as const) }),
    );

    async function apply(e: Edit): Promise<number> {
      switch (e.kind) {
        case 'retype':
        case 'reword':
        case 'remove': {
          const questions = await bankQuestions(hr, setup.bankId);
          if (questions.length === 0) return 0;
          const q = questions[e.pick % questions.length]!;
          const theQuestion = { params: { id: setup.bankId, qid: q.id } };
          if (e.kind === 'remove') return statusOf(hr, questionBankEndpoints.removeQuestion, theQuestion);
          return statusOf(hr, questionBankEndpoints.updateQuestion, {
            ...theQuestion,
            body: {
              question_text: e.kind === 'reword' ? e.text : q.question_text,
              question_type:
                e.kind === 'retype'
                  ? q.question_type === 'competency'
                    ? 'objective'
                    : 'competency'
                  : q.question_type,
            },
          });
        }
        case 'add':
          return statusOf(hr, questionBankEndpoints.addQuestion, {
            params: { id: setup.bankId },
            body: { question_text: e.text, question_type: e.type },
          });
        case 'rename':
          return statusOf(hr, evaluationEndpoints.update, {
            ...theEvaluation,
            body: { ...evaluationBody, name: e.text },
          });
        case 'reweight':
          return statusOf(hr, evaluationEndpoints.update, {
            ...theEvaluation,
            body: {
              ...evaluationBody,
              weight_competencies: e.competencies,
              weight_objectives: 100 - e.competencies,
            },
          });
        case 'newRound':
          return statusOf(admin, evaluationEndpoints.create, {
            body: {
              name: unique('Ronda'),
              weight_competencies: 30,
              weight_objectives: 70,
              category_id: setup.categoryId,
              question_bank_id: setup.bankId,
              status: 'abierta',
              replace_open: true,
            },
          });
        case 'reopen':
          return statusOf(hr, evaluationEndpoints.open, { ...theEvaluation, body: { replace_open: true } });
        case 'close':
          return statusOf(hr, evaluationEndpoints.close, theEvaluation);
      }
    }

    const figuresOf = (f: Figures) => ({
      report: { ...f.report, evaluation_name: '' },
      list: rowsOf(f.list).map((r) => [r.evaluation_id, r.overall_percentage]),
      history: f.history.map((r) => [
        r.evaluation_id,
        r.overall_percentage,
        r.competencies_percentage,
        r.objectives_percentage,
        r.evaluators_count,
      ]),
      latest: [f.latest.evaluation_id, f.latest.overall_percentage],
      // The export's last column is the result.
      csv: f.csv.trim().split(/\r?\n/).at(-1)?.split(/[;,]/).at(-1),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        for (const e of edits) {
          const status = await apply(e);
          // Refusals are sentences, never a crash.
          expect(status, JSON.stringify(e)).toBeLessThan(500);
        }
        // The evaluation's name may change; nothing else about the result may.
        expect(figuresOf(await figures(round, { pdf: false }))).toEqual(figuresOf(before));
        expect(await storedRows(t(), setup.evaluationId)).toEqual(rowsBefore);
      }),
      { numRuns: 12 },
    );
  });
});
