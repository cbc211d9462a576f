import {
  USER_CONFIRM_MESSAGES,
  accessEndpoints,
  categoryEndpoints,
  collaboratorEndpoints,
  type RaterStanding,
  type V2Item,
  type V2Results,
  userEndpoints,
  usersImportEndpoints,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2ResultEndpoints,
} from '@evalua/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { call, reply } from '../../../test/call';
import { urlOf } from '../../../test/cases';
import type { TestClient } from '../../../test/client';
import { createTestContext, type TestContext } from '../../../test/context';
import { testEngines } from '../../../test/engines';
import { createUser, loginAs, unique } from '../../../test/factories';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/mail';
import { havePoppler, pdfText } from '../../../test/pdf';
import { createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';

/**
 * Who counts toward 360 anonymity (decision 040, issue 27 §2), through the real app and a real SMTP
 * server. "HR reads the mailbox" is HR reading the messages sent to an address HR typed.
 */

const TOKEN = /token=([A-Za-z0-9_-]+)/;
const OWN_PASSWORD = 'Mi-Clave-Propia-789';

interface Person {
  id: number;
  name: string;
  email: string;
}

interface Round {
  id: number;
  items: V2Item[];
}

describe.each(testEngines())('who counts toward 360 anonymity [%s]', (engine) => {
  let smtp: SmtpReceiver;
  let t: TestContext;
  let admin: TestClient;
  let hr: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestContext(engine, { smtpUrl: smtp.url, mailPollMilliseconds: 50 });
    admin = (await loginAs(t, 'admin')).client;
    hr = (await loginAs(t, 'gestionhumana')).client;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** The `n`-th message (1-based) to `email`, once it has arrived. */
  async function nthMail(email: string, n = 1): Promise<ReceivedMail> {
    await smtp.waitFor(() => smtp.to(email).length >= n);
    return smtp.to(email)[n - 1]!;
  }
  const tokenOf = (mail: ReceivedMail) => TOKEN.exec(mail.text)![1]!;

  /** Whoever reads `email` uses its `n`-th link: a session of the account, signed in by the activation. */
  async function activateFromMailbox(email: string, n = 1): Promise<TestClient> {
    const browser = t.client();
    const res = await call(browser, accessEndpoints.activate, {
      body: { token: tokenOf(await nthMail(email, n)), newPassword: OWN_PASSWORD },
    });
    expect(res.status).toBe(204);
    // The activation signed the person in: a new session, and its own CSRF token.
    await browser.csrfToken();
    return browser;
  }

  async function userByEmail(email: string): Promise<Person> {
    return t.db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow() as Promise<Person>;
  }

  /** An open 360 with one rating item, shared with nobody but admin and HR. */
  async function openRound(): Promise<Round> {
    const draft = await createV2OpeningWithItems(admin);
    const items = await putV2Items(admin, draft.id, [
      { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
    ]);
    return { id: draft.id, items };
  }

  async function assignPeers(round: Round, evaluatee: Person, raters: readonly Person[]) {
    const res = await call(hr, v2AssignmentEndpoints.bulk, {
      body: {
        evaluation_id: round.id,
        assignments: raters.map((r) => ({
          evaluator_id: r.id,
          evaluatee_id: evaluatee.id,
          relation: 'peer' as const,
        })),
      },
    });
    expect(res.status).toBe(200);
  }

  async function answer(round: Round, client: TestClient, rater: Person, evaluatee: Person, value: number) {
    const assignment = await t.db
      .selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', round.id)
      .where('evaluator_id', '=', rater.id)
      .where('evaluatee_id', '=', evaluatee.id)
      .executeTakeFirstOrThrow();
    const res = await call(client, v2AnswerEndpoints.submit, {
      body: {
        evaluation_id: round.id,
        assignment_id: assignment.id,
        answers: [
          {
            item_id: round.items[0]!.id,
            type: 'rating',
            value,
            skip: false,
            comment: `Comentario de ${rater.name}`,
          },
        ],
      },
    });
    expect(res.status).toBe(201);
  }

  /** The raters' screen: each rater of `evaluatee` and their standing. */
  async function standings(round: Round, evaluatee: Person): Promise<Record<number, RaterStanding>> {
    const { body } = await call(hr, v2AssignmentEndpoints.evaluatorsOf, {
      params: { evaluationId: round.id, userId: evaluatee.id },
    });
    return Object.fromEntries(body.assignments.map((a) => [a.evaluator_id, a.rater_standing]));
  }

  async function listStandings(round: Round): Promise<Record<number, RaterStanding>> {
    const { body } = await call(hr, v2AssignmentEndpoints.listByEvaluation, {
      params: { evaluationId: round.id },
    });
    return Object.fromEntries(body.rows.map((r) => [r.evaluator_id, r.rater_standing]));
  }

  const resultsOf = (round: Round, evaluatee: Person) => ({ params: { id: round.id, userId: evaluatee.id } });

  async function peerRow(reader: TestClient, round: Round, evaluatee: Person) {
    const r: V2Results = (await call(reader, v2ResultEndpoints.person, resultsOf(round, evaluatee))).body;
    return { r, peer: r.relations.find((g) => g.relation === 'peer')! };
  }

  /** What HR reads of `evaluatee` in the JSON, the PDF and the spreadsheet. */
  async function hrReadsEverywhere(round: Round, evaluatee: Person): Promise<string[]> {
    const results = resultsOf(round, evaluatee);
    // The JSON as sent (its text, not the parsed value).
    const json = (await call(hr, v2ResultEndpoints.person, results)).res.body;
    const xlsx = await call(hr, v2ResultEndpoints.personXlsx, results);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => {
      for (const row of sheet.getSheetValues()) {
        if (Array.isArray(row)) for (const v of row) cells.push(String(v ?? ''));
      }
    });
    const texts = [json, cells.join('\n')];
    if (havePoppler) {
      const pdf = await call(hr, v2ResultEndpoints.personPdf, results);
      expect(pdf.status).toBe(200);
      texts.push(pdfText(pdf.res.rawPayload).replace(/\s+/g, ' '));
    }
    return texts;
  }

  const confirm = (by: TestClient, person: Pick<Person, 'id' | 'email'>) =>
    reply(by, userEndpoints.confirmEmail, { params: { id: person.id }, body: { email: person.email } });
  const accessLink = (id: number) => reply(hr, accessEndpoints.accessLink, { params: { id } });
  /**
   * 'Crear usuario' as the specification's client calls it, without category_id: the typed body cannot
   * leave out that field (BodyInput makes a preprocessed field required), so it goes raw and a
   * success is read through the contract with answerOf.
   */
  const newUser = (by: TestClient, body: Record<string, unknown>) =>
    by.post(urlOf(userEndpoints.create), body);

  it('padding: accounts HR makes at addresses it reads and activates itself never count (JSON, PDF, XLSX)', async () => {
    const tag = unique('pad');
    const round = await openRound();
    const evaluatee = await createUser(t, { name: `Evaluada ${tag}` });
    // The one real peer, whose answers the attack is after (an account that counts).
    const realLogin = await loginAs(t, 'colaborador', { name: `Par real ${tag}` });
    const real = realLogin.user as Person;

    // Account 1: POST /api/collaborators (no password), then an access link to an address HR reads.
    const xEmail = `${tag}-x@buzon-de-hr.do`;
    const category = await call(hr, categoryEndpoints.create, { body: { name: unique('Docentes') } });
    expect(category.status).toBe(201);
    const created = await call(hr, collaboratorEndpoints.create, {
      body: {
        name: `Cuenta X ${tag}`,
        email: xEmail,
        position: 'Docente',
        department: null,
        category_id: category.body.id,
      },
    });
    expect(created.status).toBe(201);
    const x = await userByEmail(xEmail);
    expect((await accessLink(x.id)).status).toBe(202);
    // Account 2: the staff import, which mails the link itself.
    const yEmail = `${tag}-y@buzon-de-hr.do`;
    const imported = await call(hr, usersImportEndpoints.apply, {
      body: { csv: ['nombre;correo;rol', `Cuenta Y ${tag};${yEmail};colaborador`].join('\n') },
    });
    expect(imported.status).toBe(200);
    const y = await userByEmail(yEmail);

    // HR reads both mailboxes and activates both accounts.
    const asX = await activateFromMailbox(xEmail);
    const asY = await activateFromMailbox(yEmail);

    await assignPeers(round, evaluatee, [real, x, y]);
    expect(await standings(round, evaluatee)).toEqual({
      [real.id]: 'counts',
      [x.id]: 'email_unconfirmed',
      [y.id]: 'email_unconfirmed',
    });
    await answer(round, realLogin.client, real, evaluatee, 2);
    await answer(round, asX, x, evaluatee, 5);
    await answer(round, asY, y, evaluatee, 5);
    await setV2Status(admin, round.id, 'closed');

    const { r, peer } = await peerRow(hr, round, evaluatee);
    expect(r.released).toBe(true);
    expect(peer).toMatchObject({
      raters_completed: 3,
      raters_counted: 1,
      shown: false,
      overall_percentage: null,
    });
    expect(r.items[0]).toMatchObject({ others_average: null });
    for (const text of await hrReadsEverywhere(round, evaluatee))
      expect(text).not.toContain(`Par real ${tag}`);
    // After the close nothing brings those answers back, not even an administrator's confirmation.
    expect(await listStandings(round)).toMatchObject({
      [x.id]: 'unconfirmed_at_close',
      [y.id]: 'unconfirmed_at_close',
    });
    expect((await confirm(admin, x)).status).toBe(200);
    expect((await confirm(admin, y)).status).toBe(200);
    expect((await peerRow(hr, round, evaluatee)).peer).toMatchObject({ raters_counted: 1, shown: false });
    // Admin still sees the group, flagged.
    expect((await peerRow(admin, round, evaluatee)).peer).toMatchObject({
      shown: true,
      below_threshold: true,
    });
  });

  it('ordinary path: HR adds three teachers, each activates their own link, an admin confirms: the group of 3 shows', async () => {
    const tag = unique('ord');
    const round = await openRound();
    const evaluatee = await createUser(t, { name: `Directora ${tag}` });
    // 1. 'Crear usuario' with a password HR typed (the specification's call), then an access link.
    const e1 = `${tag}-1@escuela.do`;
    const c1 = await newUser(hr, {
      name: `Docente Uno ${tag}`,
      email: e1,
      password: 'Clave-De-HR-123',
      role: 'colaborador',
    });
    expect(c1.statusCode, c1.body).toBe(201);
    const t1 = answerOf(userEndpoints.create, c1);
    expect(t1.rater_standing).toBe('chosen_by_hr');
    expect((await accessLink(t1.id)).status).toBe(202);
    // 2. 'Crear usuario' with "Enviar enlace de acceso" instead of a password.
    const e2 = `${tag}-2@escuela.do`;
    const c2 = await newUser(hr, {
      name: `Docente Dos ${tag}`,
      email: e2,
      role: 'colaborador',
      send_access_link: true,
    });
    expect(c2.statusCode, c2.body).toBe(201);
    expect(answerOf(userEndpoints.create, c2)).toMatchObject({
      rater_standing: 'not_activated',
      email_confirmed: false,
    });
    // 3. The staff import.
    const e3 = `${tag}-3@escuela.do`;
    expect(
      (
        await call(hr, usersImportEndpoints.apply, {
          body: { csv: `nombre;correo;rol\nDocente Tres ${tag};${e3};colaborador` },
        })
      ).status,
    ).toBe(200);

    // Each teacher opens their own mail.
    const clients = [
      await activateFromMailbox(e1),
      await activateFromMailbox(e2),
      await activateFromMailbox(e3),
    ];
    const teachers = [await userByEmail(e1), await userByEmail(e2), await userByEmail(e3)];

    // The admin sees who waits for a confirmation, and confirms.
    const { body: list } = await call(admin, userEndpoints.list, { query: { page: 1, q: tag } });
    const rows = 'rows' in list ? list.rows : list;
    expect(rows.map((u) => [u.email, u.rater_standing])).toEqual(
      expect.arrayContaining(teachers.map((p) => [p.email, 'email_unconfirmed'])),
    );
    for (const p of teachers) {
      const res = await confirm(admin, p);
      expect(res.status, res.res.body).toBe(200);
      expect(res.body).toMatchObject({ email_confirmed: true, rater_standing: 'counts' });
    }

    await assignPeers(round, evaluatee, teachers);
    expect(Object.values(await standings(round, evaluatee))).toEqual(['counts', 'counts', 'counts']);
    for (const [i, p] of teachers.entries()) await answer(round, clients[i]!, p, evaluatee, 4);
    await setV2Status(admin, round.id, 'closed');
    const { r, peer } = await peerRow(hr, round, evaluatee);
    expect(peer).toMatchObject({
      raters_completed: 3,
      raters_counted: 3,
      shown: true,
      overall_percentage: 75,
    });
    expect(r.comments.map((c) => c.text).sort()).toEqual(
      teachers.map((p) => `Comentario de ${p.name}`).sort(),
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'user_id'])
      .where('action', '=', 'confirm_email')
      .where(
        'entity_id',
        'in',
        teachers.map((p) => p.id),
      )
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('answers given before the confirmation count once an admin confirms while open; an address HR changes first ends them', async () => {
    const tag = unique('early');
    const round = await openRound();
    const evaluatee = await createUser(t, { name: `Evaluado ${tag}` });
    const emails = [1, 2, 3, 4].map((i) => `${tag}-${i}@escuela.do`);
    for (const [i, email] of emails.entries()) {
      const res = await newUser(hr, {
        name: `Docente ${i} ${tag}`,
        email,
        role: 'colaborador',
        send_access_link: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      answerOf(userEndpoints.create, res);
    }
    const clients = [];
    for (const email of emails) clients.push(await activateFromMailbox(email));
    const people = [];
    for (const email of emails) people.push(await userByEmail(email));
    await assignPeers(round, evaluatee, people);
    for (const [i, p] of people.entries()) await answer(round, clients[i]!, p, evaluatee, 3);

    const stamps = async () =>
      Object.fromEntries(
        (
          await t.db
            .selectFrom('v2_responses as r')
            .innerJoin('v2_assignments as a', 'a.id', 'r.assignment_id')
            .select(['r.evaluator_id', 'r.counts_for_anonymity'])
            .where('a.evaluation_id', '=', round.id)
            .execute()
        ).map((s) => [s.evaluator_id, Number(s.counts_for_anonymity)]),
      );
    // Submitted before any confirmation: pending.
    expect(Object.values(await stamps())).toEqual([2, 2, 2, 2]);
    expect((await peerRow(admin, round, evaluatee)).peer).toMatchObject({ raters_counted: 0 });

    // HR changes the fourth person's address before anyone confirmed the first one: their answer never counts.
    const fourth = people[3]!;
    const moved = await call(hr, userEndpoints.update, {
      params: { id: fourth.id },
      body: {
        name: fourth.name,
        email: `${tag}-otra@buzon-de-hr.do`,
        role: 'colaborador',
        position: null,
        department: null,
        category_id: null,
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      rater_standing: 'chosen_by_hr',
      email_confirmed: false,
    });
    // Confirming the old address the admin saw is refused: it is not the address any more.
    const stale = await confirm(admin, fourth);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: USER_CONFIRM_MESSAGES.changed });

    for (const p of people.slice(0, 3)) expect((await confirm(admin, p)).status).toBe(200);
    expect(await stamps()).toEqual({
      [people[0]!.id]: 1,
      [people[1]!.id]: 1,
      [people[2]!.id]: 1,
      [fourth.id]: 0,
    });
    expect(await listStandings(round)).toMatchObject({
      [people[0]!.id]: 'counts',
      [fourth.id]: 'answered_known',
    });
    await setV2Status(admin, round.id, 'closed');
    expect((await peerRow(hr, round, evaluatee)).peer).toMatchObject({
      raters_completed: 4,
      raters_counted: 3,
      shown: true,
    });
  });

  it('a password chosen through a link after HR typed one counts once confirmed; HR setting one again stops it', async () => {
    const tag = unique('again');
    const email = `${tag}@escuela.do`;
    const created = await newUser(hr, {
      name: `Docente ${tag}`,
      email,
      password: 'Clave-De-HR-123',
      role: 'evaluador',
    });
    const person = answerOf(userEndpoints.create, created);
    expect((await accessLink(person.id)).status).toBe(202);
    await activateFromMailbox(email);
    const confirmed = await call(admin, userEndpoints.confirmEmail, {
      params: { id: person.id },
      body: { email },
    });
    expect(confirmed.body.rater_standing).toBe('counts');
    const reset = await call(hr, userEndpoints.update, {
      params: { id: person.id },
      body: {
        name: person.name,
        email,
        role: 'evaluador',
        position: null,
        department: null,
        category_id: null,
        password: 'Otra-Clave-De-HR-9',
      },
    });
    expect(reset.body).toMatchObject({
      rater_standing: 'chosen_by_hr',
      email_confirmed: true,
    });
    // An administrator's own address typed at creation is confirmed; HR's is not.
    const byAdmin = await newUser(admin, {
      name: `Por admin ${tag}`,
      email: `${tag}-admin@escuela.do`,
      role: 'colaborador',
      send_access_link: true,
    });
    expect(answerOf(userEndpoints.create, byAdmin)).toMatchObject({ email_confirmed: true });
  });

  it("'Crear usuario': the specification's call still needs a password; a link and a password together are refused", async () => {
    const tag = unique('spec');
    const none = await newUser(hr, {
      name: 'Sin Clave',
      email: `${tag}@escuela.do`,
      role: 'colaborador',
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('La contraseña es obligatoria.');
    const both = await newUser(hr, {
      name: 'Ambas',
      email: `${tag}-b@escuela.do`,
      role: 'colaborador',
      password: 'Clave-De-HR-123',
      send_access_link: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('Elige una: escribir una contraseña o enviar un enlace de acceso.');
    expect(await t.db.selectFrom('users').select('id').where('email', 'like', `${tag}%`).execute()).toEqual(
      [],
    );
    // Only an administrator confirms; an account without an address has nothing to confirm.
    const noEmail = await createUser(t, { password: null });
    await t.db.updateTable('users').set({ email: null }).where('id', '=', noEmail.id).execute();
    const refused = await confirm(hr, { id: noEmail.id, email: 'x@escuela.do' });
    expect(refused.status).toBe(403);
    const nothing = await confirm(admin, { id: noEmail.id, email: 'x@escuela.do' });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ error: USER_CONFIRM_MESSAGES.noEmail });
  });

  it('an address change racing the use of a link never leaves an account that counts (5 rounds, at once)', async () => {
    for (let round = 0; round < 5; round++) {
      const tag = unique('race');
      const email = `${tag}@buzon-de-hr.do`;
      const created = await newUser(hr, {
        name: `Carrera ${tag}`,
        email,
        role: 'colaborador',
        send_access_link: true,
      });
      const person = answerOf(userEndpoints.create, created);
      const token = tokenOf(await nthMail(email));
      const [used, moved] = await Promise.all([
        reply(t.client(), accessEndpoints.activate, { body: { token, newPassword: OWN_PASSWORD } }),
        reply(hr, userEndpoints.update, {
          params: { id: person.id },
          body: {
            name: person.name,
            email: `${tag}-nueva@buzon-de-hr.do`,
            role: 'colaborador',
            position: null,
            department: null,
            category_id: null,
          },
        }),
      ]);
      expect(moved.status, moved.res.body).toBe(200);
      expect([204, 400]).toContain(used.status);
      const { body: after } = await call(admin, userEndpoints.get, { params: { id: person.id } });
      expect(after.rater_standing).toBe(used.status === 204 ? 'chosen_by_hr' : 'not_activated');
    }
  });
});
