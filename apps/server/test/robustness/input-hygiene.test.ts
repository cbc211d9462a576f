import fs from 'node:fs';
import ExcelJS from 'exceljs';
import {
  TEXT_MESSAGES,
  categoryEndpoints,
  questionBankEndpoints,
  usersImportEndpoints,
  v2SnapshotEndpoints,
  type V2Item,
} from '@evalua/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerOf } from '../answer';
import type { TestClient } from '../client';
import { describeEngines, type TestContext } from '../context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique, type TestUser } from '../factories';
import { createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../v1';
import { createV2Draft, createV2OpeningWithItems, putV2Items, setV2Status } from '../v2';
import { buildWebTestApp, makeWebDir } from './test-app';

/**
 * Penetration test, issue 13 (decision 022), through the real app on both engines: every error a
 * person sees is Spanish (zod's own messages, the router's, @fastify/static's 403); each kind of text
 * field refuses control, bidirectional and line-break characters as its kind says (one line:
 * names, e-mails, positions, departments, labels, questions; several lines: comments, notes,
 * descriptions, written answers; the CSV import cell by cell); lone surrogates are refused anywhere,
 * so two passwords can no longer collide; ids in bodies are plain digits too. fuzz.test.ts runs the
 * same attacks over every text field of every body and every id of every path.
 */

/** Words of zod's and Fastify's English messages. */
const ENGLISH = /\b(invalid|expected|received|required|must|input|bad request|not a valid|forbidden)\b/i;
const INJECTED = 'Ana Pérez\r\nX-Injected: 1';

interface ErrorBody {
  error: string;
  code: string;
  details?: Array<{ field: string; message: string }>;
}

function refused(res: LightMyRequestResponse, field: string, message: string): void {
  const what = `${res.statusCode} ${res.body}`;
  expect(res.statusCode, what).toBe(400);
  const body = res.json<ErrorBody>();
  expect(body.code, what).toBe('VALIDATION_ERROR');
  expect(body.details, what).toContainEqual({ field, message });
}

async function count(
  t: TestContext,
  table: 'users' | 'categories' | 'sessions' | 'v2_snapshots',
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEngines('Spanish error messages', (t) => {
  let admin: TestClient;
  let anon: TestClient;
  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
    anon = t().client();
  });

  it("answers zod's type errors in Spanish: an array where an object goes, a wrong type, on several routes", async () => {
    const draft = await createV2Draft(admin);
    const user = await createUser(t());
    const cases: Array<[string, Promise<LightMyRequestResponse>, string]> = [
      [
        'POST /api/categories []',
        admin.post('/api/categories', []),
        'Entrada inválida: se esperaba un objeto.',
      ],
      [
        'POST /api/users/login []',
        anon.post('/api/users/login', []),
        'Entrada inválida: se esperaba un objeto.',
      ],
      [
        'POST /api/question-banks [1,2]',
        admin.post('/api/question-banks', [1, 2]),
        'Entrada inválida: se esperaba un objeto.',
      ],
      [
        'PUT items [[]]',
        admin.put(`/api/evaluations-v2/${draft.id}/items`, { items: [[]] }),
        'Entrada inválida: se esperaba un objeto.',
      ],
      [
        'PATCH status []',
        admin.patch(`/api/users/${user.id}/status`, []),
        'Entrada inválida: se esperaba un objeto.',
      ],
      ['GET ?page=uno', admin.get('/api/categories?page=uno'), 'Entrada inválida: se esperaba un número.'],
      [
        'GET ?pageSize=2.5',
        admin.get('/api/users?pageSize=2.5'),
        'Entrada inválida: se esperaba un número entero.',
      ],
      [
        'POST /api/evaluations-v2 weights []',
        admin.post('/api/evaluations-v2', { name: 'X', period: 'Q1', weights: [] }),
        'Los pesos son obligatorios.',
      ],
    ];
    for (const [what, pending, message] of cases) {
      const res = await pending;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.error, what).toBe(message);
      for (const text of [body.error, ...(body.details ?? []).map((d) => d.message)])
        expect(text, what).not.toMatch(ENGLISH);
    }
  });

  it("answers the router's refusals in Spanish: a broken percent-encoding (400), a parameter over 100 characters (414)", async () => {
    const bad = await admin.get('/api/categories/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'La dirección solicitada no es válida.', code: 'VALIDATION_ERROR' });
    expect(bad.headers['cache-control']).toBe('no-store');
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
    const long = await admin.get(`/api/categories/${'1'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      error: 'La dirección solicitada es demasiado larga.',
      code: 'VALIDATION_ERROR',
    });
  });

  it("answers @fastify/static's 403 (a traversal in a static path) and its dotfiles with {error, code} in Spanish", async () => {
    const forbidden = await admin.get('/api/docs/static/..%5cpackage.json');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['content-type']).toContain('application/json');
    expect(forbidden.json()).toEqual({
      error: 'No tienes permisos para realizar esta acción.',
      code: 'FORBIDDEN',
    });
    for (const url of [
      '/api/docs/static/.env',
      '/api/docs/static/..%2f..%2fpackage.json',
      '/api/docs/static/%2e%2e/x',
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
    }
  });
});

describeEngines('static files of the web app', (t) => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = makeWebDir();
    fs.writeFileSync(`${dir}/.env`, 'SECRETO=1');
    app = await buildWebTestApp(t(), dir);
  });
  afterAll(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never serves a dotfile or a path outside the folder', async () => {
    for (const url of [
      '/.env',
      '/%2eenv',
      '/..%2f.env',
      '/assets/..%2f.env',
      '/assets/%2e%2e/.env',
      '/..%5c.env',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('SECRETO');
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode !== 200) expect(res.json<ErrorBody>().error, url).not.toMatch(ENGLISH);
    }
  });
});

describeEngines('control characters in text fields', (t) => {
  let admin: TestClient;
  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
  });

  it('a name: CR LF ("X-Injected: 1" on its own line in a PDF) and a bidi override are refused, nothing stored', async () => {
    const before = { users: await count(t(), 'users'), categories: await count(t(), 'categories') };
    refused(await admin.post('/api/categories', { name: INJECTED }), 'body.name', TEXT_MESSAGES.lineBreak);
    refused(
      await admin.post('/api/users', {
        name: 'Ana \u202Efdp.exe',
        email: `${unique('ana')}@prueba.do`,
        role: 'colaborador',
        password: DEFAULT_PASSWORD,
      }),
      'body.name',
      TEXT_MESSAGES.control,
    );
    const user = await createUser(t(), { role: 'evaluador', name: 'Eva Ruiz' });
    refused(
      await admin.put(`/api/evaluators/${user.id}`, { name: 'Eva\u2066Ruiz', email: user.email }),
      'body.name',
      TEXT_MESSAGES.control,
    );
    expect(await count(t(), 'users')).toBe(before.users + 1);
    expect(await count(t(), 'categories')).toBe(before.categories);
    // Accents, ñ and emoji are ordinary text.
    const ok = await admin.post('/api/categories', { name: 'Niñez temprana 🌱' });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('an e-mail, a position and a department: one line, no control character', async () => {
    const category = answerOf(
      categoryEndpoints.create,
      await admin.post('/api/categories', { name: unique('Cat') }),
    );
    const body = {
      name: 'Clara Díaz',
      position: 'Docente',
      department: 'Ciencias',
      email: '',
      category_id: category.id,
    };
    refused(
      await admin.post('/api/collaborators', { ...body, email: 'clara\u202E@prueba.do' }),
      'body.email',
      TEXT_MESSAGES.control,
    );
    refused(
      await admin.post('/api/collaborators', { ...body, position: INJECTED }),
      'body.position',
      TEXT_MESSAGES.lineBreak,
    );
    refused(
      await admin.post('/api/collaborators', { ...body, department: 'Cien\u0085cias' }),
      'body.department',
      TEXT_MESSAGES.control,
    );
    refused(
      await t().client().post('/api/users/login', { email: 'ana@x.do\nBcc: b@x.do', password: 'x' }),
      'body.email',
      TEXT_MESSAGES.lineBreak,
    );
    const ok = await admin.post('/api/collaborators', body);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a question and an item: one line; a bank description: several lines', async () => {
    const bank = await admin.post('/api/question-banks', {
      name: unique('Banco'),
      description: 'Primera línea\r\nSegunda línea',
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const { id, description } = answerOf(questionBankEndpoints.create, bank);
    expect(description).toBe('Primera línea\r\nSegunda línea');
    refused(
      await admin.post('/api/question-banks', { name: unique('Banco'), description: 'Texto \u202Eoculto' }),
      'body.description',
      TEXT_MESSAGES.control,
    );
    refused(
      await admin.post(`/api/question-banks/${id}/questions`, {
        question_text: '¿Planifica?\nX-Injected: 1',
        question_type: 'competency',
      }),
      'body.question_text',
      TEXT_MESSAGES.lineBreak,
    );
    const draft = await createV2Draft(admin);
    refused(
      await admin.put(`/api/evaluations-v2/${draft.id}/items`, {
        items: [{ question_text: 'Comunica\u2028con claridad', type: 'rating' }],
      }),
      'body.items.0.question_text',
      TEXT_MESSAGES.lineBreak,
    );
    refused(
      await admin.put(`/api/evaluations-v2/${draft.id}/items`, {
        items: [
          {
            question_text: 'Comunica',
            type: 'rating',
            scale_min: 1,
            scale_max: 2,
            scale_labels: ['Nunca', 'Siem\u202Dpre'],
          },
        ],
      }),
      'body.items.0.scale_labels.1',
      TEXT_MESSAGES.control,
    );
  });

  it('a snapshot label: one line; its notes: several lines, no other control', async () => {
    const draft = await createV2OpeningWithItems(admin);
    await putV2Items(admin, draft.id, [{ question_text: 'Trabaja en equipo.', type: 'rating' }]);
    const url = `/api/evaluations-v2/${draft.id}/snapshot`;
    const before = await count(t(), 'v2_snapshots');
    refused(await admin.post(url, { label: INJECTED }), 'body.label', TEXT_MESSAGES.lineBreak);
    refused(
      await admin.post(url, { label: 'Corte', notes: 'Uno\u0007Dos' }),
      'body.notes',
      TEXT_MESSAGES.control,
    );
    refused(
      await admin.post(url, { label: 'Corte', notes: 'Uno\rDos' }),
      'body.notes',
      TEXT_MESSAGES.control,
    );
    expect(await count(t(), 'v2_snapshots')).toBe(before);
    const ok = await admin.post(url, { label: 'Corte de marzo', notes: 'Uno\nDos\r\nTres' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(answerOf(v2SnapshotEndpoints.create, ok).snapshot.notes).toBe('Uno\nDos\r\nTres');
  });

  it('training comments (V1) and 360 written answers and comments: several lines, no other control', async () => {
    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    const submit = (comments: string) =>
      client.post(
        '/api/full-evaluation/full-submit',
        submitBody(setup, collaborator.id, evaluator.id, [3, 4], { requires_training: true, comments }),
      );
    refused(await submit('Necesita apoyo \u202Een lectura'), 'body.training.comments', TEXT_MESSAGES.control);
    const ok = await submit('Necesita apoyo en:\n- lectura\n- escritura');
    expect(ok.statusCode, ok.body).toBe(201);

    const draft = await createV2OpeningWithItems(admin, { allow_self: false });
    const items = await putV2Items(admin, draft.id, [
      { question_text: 'Trabaja en equipo.', type: 'rating' },
      { question_text: 'Comentarios.', type: 'text' },
    ]);
    const { user: rater, client: raterClient } = await loginAs(t(), 'colaborador');
    const evaluatee = await createUser(t());
    const bulk = await admin.post('/api/assignments-v2/bulk', {
      evaluation_id: draft.id,
      assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const assignment = await t()
      .db.selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    const answer = (text: string, comment: string | null) =>
      raterClient.post('/api/responses-v2/submit', {
        evaluation_id: draft.id,
        assignment_id: assignment.id,
        answers: [
          { item_id: (items[0] as V2Item).id, value: 4, comment },
          { item_id: (items[1] as V2Item).id, value: text },
        ],
      });
    refused(await answer('Escribe \u202Ebien', null), 'body.answers.1.value', TEXT_MESSAGES.control);
    refused(await answer('Bien', 'Uno\u0085Dos'), 'body.answers.0.comment', TEXT_MESSAGES.control);
    const done = await answer('Escribe bien.\nOrganiza su tiempo.', 'Uno\r\nDos');
    expect(done.statusCode, done.body).toBe(201);
  });

  it('the CSV users import: a cell with a line break or a control character is an error row, never a user', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const good = `${unique('buena')}@importa.do`;
    const bad = [
      `${unique('mala1')}@importa.do`,
      `${unique('mala2')}@importa.do`,
      `${unique('mala3')}@importa.do`,
    ];
    const csv =
      'nombre,correo,rol,puesto,departamento\r\n' +
      `Buena Persona,${good},colaborador,Docente,Ciencias\r\n` +
      `"Ana Pérez\r\nX-Injected: 1",${bad[0]},colaborador,Docente,Ciencias\r\n` +
      `Beto Ruiz,${bad[1]},colaborador,"Docente\u202Efdp",Ciencias\r\n` +
      `Carla Gil,${bad[2]},colaborador,Docente,Cien\tcias\r\n`;
    const preview = await hr.post('/api/users/import/preview', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = answerOf(usersImportEndpoints.preview, preview).rows;
    expect(rows.map((r) => r.action)).toEqual(['create', 'error', 'error', 'error']);
    expect(rows[1]!.errors).toContain('El nombre: el texto no puede contener saltos de línea.');
    expect(rows[2]!.errors).toContain('El puesto: el texto no puede contener caracteres de control.');
    expect(rows[3]!.errors).toContain('El departamento: el texto no puede contener caracteres de control.');
    const apply = await hr.post('/api/users/import/apply', { csv });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(answerOf(usersImportEndpoints.apply, apply)).toMatchObject({ created: 1, skipped: 3 });
    const emails = (await t().db.selectFrom('users').select('email').execute()).map((u) => u.email);
    expect(emails).toContain(good);
    for (const email of bad) expect(emails).not.toContain(email);
    // A lone surrogate anywhere in the file: the whole file is refused.
    refused(
      await hr.post('/api/users/import/preview', {
        csv: `nombre,correo,rol\r\nAna\uD800,a@b.do,colaborador\r\n`,
      }),
      'body.csv',
      TEXT_MESSAGES.malformed,
    );
  });
});

describeEngines('lone surrogates', (t) => {
  it('a password with a lone surrogate is refused, so it cannot collide with its U+FFFD twin', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const email = `${unique('ana')}@prueba.do`;
    // The twin: the same password with U+FFFD (a real character) where the surrogate was.
    const created = await admin.post('/api/users', {
      name: 'Ana',
      email,
      role: 'colaborador',
      password: 'Clave-\uFFFD-Segura',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sessions = await count(t(), 'sessions');
    for (const lone of ['\uD800', '\uDBFF', '\uDC00', '\uDFFF']) {
      refused(
        await t().client().login(email, `Clave-${lone}-Segura`),
        'body.password',
        TEXT_MESSAGES.malformed,
      );
      refused(
        await admin.post('/api/users', {
          name: 'Beto',
          email: `${unique('beto')}@prueba.do`,
          role: 'colaborador',
          password: `Clave-${lone}-Segura`,
        }),
        'body.password',
        TEXT_MESSAGES.malformed,
      );
    }
    expect(await count(t(), 'sessions')).toBe(sessions);
    expect((await t().client().login(email, 'Clave-\uFFFD-Segura')).statusCode).toBe(200);

    const { client: me } = await loginAs(t(), 'colaborador');
    refused(
      await me.post('/api/profile/change-password', {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'Nueva-\uD83D-Clave',
      }),
      'body.newPassword',
      TEXT_MESSAGES.malformed,
    );
    // A surrogate pair (an emoji) is a real character.
    const pair = await me.post('/api/profile/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Nueva-😀-Clave',
    });
    expect(pair.statusCode, pair.body).toBe(204);
  });

  it('and in any other string: a name, an unknown key, an enum value', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    refused(
      await admin.post('/api/categories', { name: 'Docentes\uD800' }),
      'body.name',
      TEXT_MESSAGES.malformed,
    );
    refused(
      await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: 1,
        assignments: [{ evaluator_id: 1, evaluatee_id: 2, relation: 'peer\uDFFF' }],
      }),
      'body.assignments.0.relation',
      TEXT_MESSAGES.malformed,
    );
    refused(
      await admin.post('/api/categories', { name: 'Docentes', extra: '\uDFFF' }),
      'body.extra',
      TEXT_MESSAGES.malformed,
    );
  });
});

/**
 * Review of the fixes (D): U+FFFE, U+FFFF and the other noncharacters passed every text check, and
 * exceljs wrote them as they were into the workbook's sharedStrings.xml, which was then not
 * well-formed XML: the 360 results file of that person could not be opened.
 */
describeEngines('noncharacters (U+FFFE, U+FFFF)', (t) => {
  let admin: TestClient;
  let rater: TestClient;
  let evaluatee: TestUser;
  let evaluationId: number;
  let assignmentId: number;
  let items: V2Item[];
  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
    const draft = await createV2OpeningWithItems(admin, { allow_self: false });
    evaluationId = draft.id;
    items = await putV2Items(admin, draft.id, [
      { question_text: 'Trabaja en equipo.', type: 'rating' },
      { question_text: 'Comentarios.', type: 'text' },
    ]);
    const r = await loginAs(t(), 'colaborador');
    rater = r.client;
    evaluatee = await createUser(t(), { name: 'Ana Pérez' });
    const bulk = await admin.post('/api/assignments-v2/bulk', {
      evaluation_id: draft.id,
      assignments: [{ evaluator_id: r.user.id, evaluatee_id: evaluatee.id, relation: 'manager' }],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    assignmentId = (
      await t()
        .db.selectFrom('v2_assignments')
        .select('id')
        .where('evaluation_id', '=', draft.id)
        .executeTakeFirstOrThrow()
    ).id;
  });
  const answer = (text: string, comment: string | null) =>
    rater.post('/api/responses-v2/submit', {
      evaluation_id: evaluationId,
      assignment_id: assignmentId,
      answers: [
        { item_id: items[0]!.id, value: 4, comment },
        { item_id: items[1]!.id, value: text },
      ],
    });

  it('a name with U+FFFE and a 360 comment with U+FFFF are refused (400, Spanish), nothing stored', async () => {
    const users = await count(t(), 'users');
    const name = await admin.post('/api/users', {
      name: 'Ana\uFFFEPérez',
      email: `${unique('ana')}@prueba.do`,
      role: 'colaborador',
      password: DEFAULT_PASSWORD,
    });
    refused(name, 'body.name', TEXT_MESSAGES.malformed);
    expect(name.json<ErrorBody>().error).toBe('El texto contiene caracteres no válidos.');
    refused(
      await admin.put(`/api/evaluators/${evaluatee.id}`, { name: 'Ana\uFFFFPérez', email: evaluatee.email }),
      'body.name',
      TEXT_MESSAGES.malformed,
    );
    refused(
      await admin.post('/api/categories', { name: 'Docentes\uFDD0' }),
      'body.name',
      TEXT_MESSAGES.malformed,
    );
    expect(await count(t(), 'users')).toBe(users);

    const comment = await answer('Escribe bien.', 'Bien\uFFFF hecho');
    refused(comment, 'body.answers.0.comment', TEXT_MESSAGES.malformed);
    expect(comment.json<ErrorBody>().error).toBe('El texto contiene caracteres no válidos.');
    refused(await answer('Escribe\u{10FFFF} bien.', null), 'body.answers.1.value', TEXT_MESSAGES.malformed);
    const stored = await t()
      .db.selectFrom('v2_responses')
      .select('id')
      .where('assignment_id', '=', assignmentId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('a name and a comment stored with them before this rule still give a results workbook that opens', async () => {
    const done = await answer('Escribe bien.', 'Bien hecho');
    expect(done.statusCode, done.body).toBe(201);
    // Rows as they could be stored before: written straight to the database.
    await t()
      .db.updateTable('users')
      .set({ name: 'Ana\uFFFEPérez' })
      .where('id', '=', evaluatee.id)
      .execute();
    await t()
      .db.updateTable('v2_answers')
      .set({ comment: 'Bien\uFFFF hecho' })
      .where('comment', '=', 'Bien hecho')
      .execute();
    await setV2Status(admin, evaluationId, 'closed');
    const xlsx = await admin.get(`/api/evaluations-v2/${evaluationId}/results/${evaluatee.id}/xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    // Before: 'disallowed character' from the XML parser (the file did not open).
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const texts = book.worksheets.flatMap((ws) =>
      (ws.getSheetValues() as unknown[][]).flatMap((row) => (row ?? []).filter((v) => typeof v === 'string')),
    ) as string[];
    expect(texts).toContain('Bien hecho');
    expect(texts.filter((v) => /\p{Noncharacter_Code_Point}/u.test(v))).toEqual([]);
  });
});

describeEngines('ids in bodies', (t) => {
  it('are JSON integers or plain digits: "0x10", " 3", "3e0", "03" are refused with the field\'s sentence', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const evaluator = await createUser(t(), { role: 'evaluador' });
    const collaborator = await createUser(t());
    for (const spelled of [
      `0x${evaluator.id.toString(16)}`,
      ` ${evaluator.id}`,
      `${evaluator.id}e0`,
      `0${evaluator.id}`,
      `+${evaluator.id}`,
    ]) {
      const res = await admin.post('/api/assignments', {
        evaluator_id: spelled,
        collaborator_id: collaborator.id,
      });
      refused(res, 'body.evaluator_id', 'El evaluador es obligatorio.');
    }
    const ok = await admin.post('/api/assignments', {
      evaluator_id: String(evaluator.id),
      collaborator_id: collaborator.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
