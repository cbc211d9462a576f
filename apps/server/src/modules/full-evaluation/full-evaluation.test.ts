import { fullEvaluationEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { expectAllForbidden, expectAllUnauthenticated } from '../../../test/access';
import { describeEngines } from '../../../test/context';
import { createUser, loginAs } from '../../../test/factories';
import { assign, createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../../../test/v1';

const URL = '/api/full-evaluation/full-submit';
const ALREADY = 'Este colaborador ya fue evaluado en esta evaluación.';

describeEngines('full-evaluation API', (t) => {
  async function countSubmissions(collaboratorId: number): Promise<number> {
    const row = await t()
      .db.selectFrom('v1_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('collaborator_id', '=', collaboratorId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('stores a submission with its answers, training and unrounded percentages, and audits it', async () => {
    const setup = await createV1Evaluation(t(), [
      'competency',
      'competency',
      'competency',
      'objective',
      'objective',
    ]);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const res = await client.post(
      URL,
      submitBody(setup, collaborator.id, evaluator.id, [4, 3, 3, 2, 4], {
        requires_training: true,
        comments: '  Curso de evaluación formativa.  ',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = answerOf(fullEvaluationEndpoints.submit, res);
    // competencies (4+3+3)/3/4×100 = 83.33…; objectives (2+4)/2/4×100 = 75; overall 83.33…×0.6 + 75×0.4 = 80
    expect(body).toEqual({
      id: expect.any(Number),
      evaluation_id: setup.evaluationId,
      collaborator_id: collaborator.id,
      evaluator_id: evaluator.id,
      competencies_percentage: expect.closeTo(83.333333, 5),
      objectives_percentage: 75,
      overall_percentage: expect.closeTo(80, 9),
    });
    const row = await t()
      .db.selectFrom('v1_submissions')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.competencies_percentage).toBeCloseTo(250 / 3, 9); // stored unrounded
    expect(row.requires_training).toBe(1);
    expect(row.training_comments).toBe('Curso de evaluación formativa.');
    const answers = await t()
      .db.selectFrom('v1_answers')
      .select(['question_id', 'score'])
      .where('submission_id', '=', body.id)
      .orderBy('question_id')
      .execute();
    expect(answers).toEqual(
      setup.questions.map((q, i) => ({ question_id: q.id, score: [4, 3, 3, 2, 4][i] })),
    );
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'v1_submission')
      .where('entity_id', '=', body.id)
      .execute();
    expect(trail).toEqual([{ action: 'create', user_id: evaluator.id }]);
  });

  it('gives the whole weight to competencies when the bank has no objective question', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'competency']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const res = await client.post(URL, submitBody(setup, collaborator.id, evaluator.id, [3, 2]));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      competencies_percentage: 62.5,
      objectives_percentage: null,
      overall_percentage: 62.5,
    });
  });

  it('lets an admin submit on behalf of an assigned evaluator, and only for one', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective'], {
      competencies: 50,
      objectives: 50,
    });
    const { client: admin } = await loginAs(t(), 'admin');
    const { evaluator, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const ok = await admin.post(URL, submitBody(setup, collaborator.id, evaluator.id, [4, 1]));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ evaluator_id: evaluator.id, overall_percentage: 62.5 });

    const other = await createUser(t(), { role: 'evaluador' });
    const notAssigned = await admin.post(URL, submitBody(setup, collaborator.id, other.id, [4, 1]));
    expect(notAssigned.statusCode).toBe(400);
    expect(notAssigned.json<{ error: string }>().error).toBe(
      'El colaborador no está asignado a este evaluador.',
    );

    const { user: adminUser } = await loginAs(t(), 'admin');
    const asAdmin = await admin.post(URL, submitBody(setup, collaborator.id, adminUser.id, [4, 1]));
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json<{ error: string }>().error).toBe(
      'El evaluador debe ser un usuario activo con rol evaluador.',
    );
  });

  it('refuses each kind of bad input with a Spanish sentence and stores nothing', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective', 'objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const good = submitBody(setup, collaborator.id, evaluator.id, [4, 3, 2]);
    const [q1, q2, q3] = setup.questions;
    const otherBank = await createV1Evaluation(t(), ['competency']);
    const cases: Array<[unknown, string]> = [
      [{ ...good, responses: undefined }, 'Las respuestas son obligatorias.'],
      [{ ...good, responses: [] }, 'Las respuestas son obligatorias.'],
      [
        { ...good, responses: [{ question_id: q1!.id, score: 0 }] },
        'Cada respuesta debe ser un número entero del 1 al 4.',
      ],
      [
        { ...good, responses: good.responses.map((r, i) => (i === 1 ? { ...r, score: 5 } : r)) },
        'Cada respuesta debe ser un número entero del 1 al 4.',
      ],
      [
        { ...good, responses: good.responses.map((r, i) => (i === 2 ? { ...r, score: 2.5 } : r)) },
        'Cada respuesta debe ser un número entero del 1 al 4.',
      ],
      [
        { ...good, responses: good.responses.map((r) => ({ ...r, score: '3' })) },
        'Cada respuesta debe ser un número entero del 1 al 4.',
      ],
      [
        { ...good, responses: good.responses.map((r) => ({ ...r, score: null })) },
        'Cada respuesta debe ser un número entero del 1 al 4.',
      ],
      [
        { ...good, responses: [...good.responses, { question_id: q3!.id, score: 1 }] },
        'Cada pregunta debe responderse una sola vez.',
      ],
      [
        {
          ...good,
          responses: [...good.responses, { question_id: otherBank.questions[0]!.id, score: 1 }],
        },
        'Una de las respuestas no corresponde a una pregunta de esta evaluación.',
      ],
      [
        {
          ...good,
          responses: [
            { question_id: q1!.id, score: 4 },
            { question_id: q2!.id, score: 4 },
          ],
        },
        'Debes responder todas las preguntas de la evaluación; falta 1.',
      ],
      [
        { ...good, responses: [{ question_id: q1!.id, score: 4 }] },
        'Debes responder todas las preguntas de la evaluación; faltan 2.',
      ],
      [{ ...good, training: undefined }, 'El formulario de capacitación es obligatorio.'],
      [{ ...good, training: { comments: 'Algo' } }, 'Indica si el colaborador requiere capacitación.'],
      [
        { ...good, training: { requires_training: 'sí', comments: 'Algo' } },
        'Indica si el colaborador requiere capacitación.',
      ],
      [
        { ...good, training: { requires_training: true } },
        'Los comentarios de capacitación son obligatorios.',
      ],
      [
        { ...good, training: { requires_training: false, comments: '   ' } },
        'Los comentarios de capacitación son obligatorios.',
      ],
      [{ ...good, evaluation_id: undefined }, 'La evaluación es obligatoria.'],
      [{ ...good, user_id: 'x' }, 'El colaborador es obligatorio.'],
      [
        { ...good, evaluation_id: otherBank.evaluationId },
        'La evaluación no corresponde a la categoría del colaborador.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await client.post(URL, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const missing = await client.post(URL, { ...good, evaluation_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    expect(await countSubmissions(collaborator.id)).toBe(0);
    expect((await client.post(URL, good)).statusCode).toBe(201);
  });

  it('refuses an evaluation whose bank has no questions, and an inactive collaborator', async () => {
    const setup = await createV1Evaluation(t(), []);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const empty = await client.post(URL, {
      ...submitBody(setup, collaborator.id, evaluator.id, []),
      responses: [{ question_id: 1, score: 3 }],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toBe('Este banco de preguntas no contiene preguntas.');

    const full = await createV1Evaluation(t(), ['competency']);
    const {
      evaluator: ev2,
      client: c2,
      collaborator: gone,
    } = await evaluatorWithCollaborator(t(), full, {
      active: 0,
    });
    const inactive = await c2.post(URL, submitBody(full, gone.id, ev2.id, [3]));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json<{ error: string }>().error).toBe('El colaborador no existe o no está activo.');
  });

  it('answers 409 to a second submission for the same collaborator, evaluation and evaluator', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const body = submitBody(setup, collaborator.id, evaluator.id, [2, 3]);
    expect((await client.post(URL, body)).statusCode).toBe(201);
    const again = await client.post(URL, submitBody(setup, collaborator.id, evaluator.id, [4, 4]));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY, code: 'ALREADY_ANSWERED' });
    // A second evaluator of the same collaborator is a different submission.
    const { user: second, client: secondClient } = await loginAs(t(), 'evaluador');
    await assign(t(), second.id, collaborator.id);
    expect(
      (await secondClient.post(URL, submitBody(setup, collaborator.id, second.id, [4, 4]))).statusCode,
    ).toBe(201);
    expect(await countSubmissions(collaborator.id)).toBe(2);
  });

  it('accepts exactly one of 20 identical submissions sent at once', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective', 'objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    await client.csrfToken();
    const body = submitBody(setup, collaborator.id, evaluator.id, [1, 2, 3]);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.post(URL, body)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json<{ error: string }>().error).toBe(ALREADY);
    expect(await countSubmissions(collaborator.id)).toBe(1);
    const answers = await t()
      .db.selectFrom('v1_answers')
      .innerJoin('v1_submissions', 'v1_submissions.id', 'v1_answers.submission_id')
      .select('v1_answers.id')
      .where('v1_submissions.collaborator_id', '=', collaborator.id)
      .execute();
    expect(answers).toHaveLength(3);
  });

  it('lets an evaluator submit only as themself and only for their own collaborators', async () => {
    const setup = await createV1Evaluation(t(), ['competency']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const { evaluator: otherEvaluator, collaborator: notMine } = await evaluatorWithCollaborator(t(), setup);
    const asOther = await client.post(URL, submitBody(setup, collaborator.id, otherEvaluator.id, [3]));
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json()).toEqual({
      error: 'No tienes permisos para realizar esta acción.',
      code: 'FORBIDDEN',
    });
    const forNotMine = await client.post(URL, submitBody(setup, notMine.id, evaluator.id, [3]));
    expect(forNotMine.statusCode).toBe(403);
    const unknown = await client.post(URL, submitBody(setup, 999999, evaluator.id, [3]));
    expect(unknown.statusCode).toBe(403);
    expect(await countSubmissions(notMine.id)).toBe(0);
  });

  it('answers 401 without a session and 403 to gestionhumana and colaborador', async () => {
    const call = [{ method: 'POST' as const, url: URL, body: { evaluation_id: 1 } }];
    await expectAllUnauthenticated(t(), call);
    await expectAllForbidden(t(), ['gestionhumana', 'colaborador'], call);
  });
});
