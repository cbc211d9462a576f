import { authEndpoints, usersImportEndpoints, IMPORT_MESSAGES, USER_MESSAGES } from '@evalua/contracts';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';

const HEADER = 'nombre;correo;rol;puesto;departamento;categoria';

const csvOf = (...lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;
const mail = (prefix: string) => `${unique(prefix)}@importa.do`;

async function newCategory(
  t: TestContext,
  name = unique('Categoría'),
): Promise<{ id: number; name: string }> {
  return t.db
    .insertInto('categories')
    .values({ name, name_key: name.toLocaleLowerCase('es') })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

async function userByEmail(t: TestContext, email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

async function count(t: TestContext, table: 'users' | 'audit_log'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEngines('users import API', (t) => {
  it('previews a file without writing anything: each row its action and its errors in Spanish', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const category = await newCategory(t(), unique('Docentes de Ciencias'));
    const existing = await createUser(t(), { name: 'Antes', role: 'evaluador' });
    const admin = await createUser(t(), { role: 'admin' });
    const fresh = mail('nueva');
    const csv = csvOf(
      HEADER,
      `Nueva Persona;${fresh.toUpperCase()};colaborador;Docente;Ciencias;${category.name.toUpperCase()}`,
      `Persona Existente;${existing.email};Evaluador;Coordinador;;`,
      `Correo Malo;no-es-correo;colaborador;;;`,
      `Sin Categoría;${mail('sincat')};colaborador;;;Inventada`,
      `Repetida;${fresh};colaborador;;;`,
      `;${mail('sinnombre')};jefe;;;`,
      `Admin Nueva;${mail('admin')};Administrador;;;`,
      `Admin Existente;${admin.email};admin;;;`,
      `Sin Rol;${mail('sinrol')};;;;`,
    );
    const users = await count(t(), 'users');
    const audits = await count(t(), 'audit_log');

    const res = await call(client, usersImportEndpoints.preview, { body: { csv } });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.counts).toEqual({ create: 1, update: 1, error: 7 });
    expect(body.ignoredColumns).toEqual([]);
    expect(body.rows.map((r) => [r.line, r.action, r.errors])).toEqual([
      [2, 'create', []],
      [3, 'update', []],
      [4, 'error', ['El correo electrónico no es válido.']],
      [5, 'error', [IMPORT_MESSAGES.categoryUnknown('Inventada')]],
      [6, 'error', [IMPORT_MESSAGES.duplicateEmail(2)]],
      [7, 'error', [IMPORT_MESSAGES.nameRequired, IMPORT_MESSAGES.roleUnknown('jefe')]],
      [8, 'error', [USER_MESSAGES.adminOnly]],
      [9, 'error', [USER_MESSAGES.adminOnly]],
      [10, 'error', [IMPORT_MESSAGES.roleRequired]],
    ]);
    expect(body.rows[0]).toEqual({
      line: 2,
      name: 'Nueva Persona',
      email: fresh,
      role: 'colaborador',
      position: 'Docente',
      department: 'Ciencias',
      category: category.name,
      action: 'create',
      errors: [],
    });
    expect(body.rows[1]).toMatchObject({ role: 'evaluador', position: 'Coordinador', department: null });
    expect(await count(t(), 'users')).toBe(users);
    expect(await count(t(), 'audit_log')).toBe(audits);
  });

  it('applies every valid row in one go: creates without password, updates by e-mail, audits each', async () => {
    const { client, user: hr } = await loginAs(t(), 'gestionhumana');
    const category = await newCategory(t(), unique('Administración'));
    const existing = await createUser(t(), {
      name: 'Nombre Viejo',
      role: 'colaborador',
      position: 'Auxiliar',
    });
    const a = mail('ana');
    const b = mail('beto');
    const csv = csvOf(
      'Nombre,Correo,Rol,Puesto,Departamento,Categoría',
      `"Pérez, Ana",${a},Gestión Humana,"Analista ""senior""",Personal,${category.name}`,
      `Beto Díaz,${b},evaluador,,,`,
      `Nombre Nuevo,${existing.email.toUpperCase()},colaborador,Docente,Lengua,${category.name}`,
      `Mal,mal@,colaborador,,,`,
    );
    const audits = await count(t(), 'audit_log');

    const res = await call(client, usersImportEndpoints.apply, { body: { csv } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 1,
      skipped: 1,
      links_sent: 2,
    });

    const ana = await userByEmail(t(), a);
    expect(ana).toMatchObject({
      name: 'Pérez, Ana',
      role: 'gestionhumana',
      position: 'Analista "senior"',
      department: 'Personal',
      category_id: category.id,
      password_hash: null,
      active: 1,
    });
    expect(await userByEmail(t(), b)).toMatchObject({ name: 'Beto Díaz', role: 'evaluador', position: null });
    expect(await userByEmail(t(), existing.email)).toMatchObject({
      id: existing.id,
      name: 'Nombre Nuevo',
      position: 'Docente',
      department: 'Lengua',
      category_id: category.id,
      password_hash: existing.password_hash,
    });
    expect(await userByEmail(t(), 'mal@')).toBeUndefined();
    // Without a password nobody can log in (decision 013).
    expect((await t().client().login(a, '')).statusCode).toBe(400);
    expect((await t().client().login(a, DEFAULT_PASSWORD)).statusCode).toBe(401);

    const entries = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('user_id', '=', hr.id)
      .where('action', '!=', 'login')
      .orderBy('id')
      .execute();
    // Each person created without a password was also mailed an access link (decision 033).
    expect(await count(t(), 'audit_log')).toBe(audits + 5);
    const beto = (await userByEmail(t(), b))!;
    expect(entries.map((e) => [e.action, e.entity, e.entity_id]).sort()).toEqual(
      [
        ['create', 'user', ana!.id],
        ['access_link', 'user', ana!.id],
        ['create', 'user', beto.id],
        ['access_link', 'user', beto.id],
        ['update', 'user', existing.id],
      ].sort(),
    );
    const links = await t()
      .db.selectFrom('outbox')
      .select(['user_id', 'to_email'])
      .where('kind', '=', 'access-link')
      .where('user_id', 'in', [ana!.id, beto.id, existing.id])
      .execute();
    expect(links.map((l) => l.user_id).sort()).toEqual([ana!.id, beto.id].sort());
    const update = entries.find((e) => e.action === 'update')!;
    expect(JSON.parse(update.before_json!)).toMatchObject({ name: 'Nombre Viejo', position: 'Auxiliar' });
    expect(JSON.parse(update.after_json!)).toMatchObject({ name: 'Nombre Nuevo', position: 'Docente' });
    expect(update.before_json).not.toMatch(/hash|argon/);

    // The same file again: the created rows are now updates, none of them changes anything.
    const again = await call(client, usersImportEndpoints.apply, { body: { csv } });
    expect(again.body).toEqual({
      created: 0,
      updated: 3,
      skipped: 1,
      links_sent: 0,
    });
    expect(await count(t(), 'audit_log')).toBe(audits + 5);
  });

  it('keeps what a file has no column for, and clears what an empty cell leaves blank', async () => {
    const { client } = await loginAs(t(), 'admin');
    const category = await newCategory(t());
    const user = await createUser(t(), {
      role: 'evaluador',
      position: 'Coordinadora',
      department: 'Ciencias',
      category_id: category.id,
    });
    const only = await call(client, usersImportEndpoints.apply, {
      body: { csv: csvOf('correo;nombre;rol', `${user.email};Nombre Solo;`) },
    });
    expect(only.body).toEqual({
      created: 0,
      updated: 1,
      skipped: 0,
      links_sent: 0,
    });
    expect(await userByEmail(t(), user.email)).toMatchObject({
      name: 'Nombre Solo',
      role: 'evaluador',
      position: 'Coordinadora',
      department: 'Ciencias',
      category_id: category.id,
    });
    await call(client, usersImportEndpoints.apply, {
      body: { csv: csvOf(HEADER, `Nombre Solo;${user.email};evaluador;;;`) },
    });
    expect(await userByEmail(t(), user.email)).toMatchObject({
      position: null,
      department: null,
      category_id: null,
    });
  });

  it("sets a password from a password column (validated like a new one) and ends that user's sessions", async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const { user: known, client: theirs } = await loginAs(t(), 'colaborador');
    const fresh = mail('clave');
    const res = await call(client, usersImportEndpoints.preview, {
      body: {
        csv: csvOf(
          'nombre;correo;rol;contraseña',
          `Con Clave;${fresh};colaborador;Clave-Inicial-2026`,
          `Corta;${mail('corta')};colaborador;corta`,
          `Conocida;${known.email};colaborador;Otra-Clave-2026`,
        ),
      },
    });
    expect(res.body.rows.map((r) => r.errors)).toEqual([
      [],
      ['La nueva contraseña debe tener al menos 8 caracteres.'],
      [],
    ]);
    const applied = await call(client, usersImportEndpoints.apply, {
      body: {
        csv: csvOf(
          'nombre;correo;rol;contraseña',
          `Con Clave;${fresh};colaborador;Clave-Inicial-2026`,
          `Conocida;${known.email};colaborador;Otra-Clave-2026`,
        ),
      },
    });
    expect(applied.body).toEqual({
      created: 1,
      updated: 1,
      skipped: 0,
      links_sent: 0,
    });
    expect((await t().client().login(fresh, 'Clave-Inicial-2026')).statusCode).toBe(200);
    expect(await statusOf(theirs, authEndpoints.me)).toBe(401);
    expect((await t().client().login(known.email, 'Otra-Clave-2026')).statusCode).toBe(200);
    const entry = await t()
      .db.selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', known.id)
      .where('entity', '=', 'user')
      .where('action', '!=', 'login')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('update_with_password');
  });

  it('lets an admin import admins, but never take the role from the last active admin', async () => {
    const isolated = t();
    await isolated.db.updateTable('users').set({ active: 0 }).where('role', '=', 'admin').execute();
    const { user: me, client } = await loginAs(isolated, 'admin');
    const newAdmin = mail('admin');
    const csv = csvOf(HEADER, `Admin Nueva;${newAdmin};admin;;;`, `Yo Misma;${me.email};colaborador;;;`);
    const preview = await call(client, usersImportEndpoints.preview, { body: { csv } });
    expect(preview.body.rows.map((r) => r.errors)).toEqual([[], [IMPORT_MESSAGES.lastAdmin]]);
    const res = await call(client, usersImportEndpoints.apply, { body: { csv } });
    expect(res.body).toEqual({
      created: 1,
      updated: 0,
      skipped: 1,
      links_sent: 1,
    });
    expect((await userByEmail(isolated, me.email))?.role).toBe('admin');
    const other = await userByEmail(isolated, newAdmin);
    expect(other).toMatchObject({ role: 'admin', active: 1, password_hash: null });

    // With another active admin, one of the two may go (the second in the file may not).
    const two = await call(client, usersImportEndpoints.preview, {
      body: {
        csv: csvOf(HEADER, `Otra;${newAdmin};gestionhumana;;;`, `Yo;${me.email};gestionhumana;;;`),
      },
    });
    expect(two.body.rows.map((r) => r.action)).toEqual(['update', 'error']);
  });

  it('refuses a file it cannot read with one sentence, and writes nothing', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const users = await count(t(), 'users');
    const cases: Array<[{ csv: string }, string]> = [
      [{ csv: 'nombre;correo\nAna;ana@b.do' }, IMPORT_MESSAGES.missingColumns(['rol'])],
      [{ csv: 'nombre;correo;rol\n' }, IMPORT_MESSAGES.noRows],
      [{ csv: '' }, 'El archivo está vacío.'],
      [{ csv: '\uFEFF\r\n' }, 'El archivo está vacío.'],
      [
        { csv: `nombre;correo;rol\n"Ana;${mail('x')};admin` },
        'Hay unas comillas sin cerrar a partir de la línea 2.',
      ],
    ];
    for (const [body, message] of cases) {
      for (const endpoint of [usersImportEndpoints.preview, usersImportEndpoints.apply]) {
        const res = await callExpecting(client, endpoint, { body }, 400);
        expect(res.status, message).toBe(400);
        expect(res.body.error).toBe(message);
      }
    }
    // No csv at all breaks the contract: sent raw, to the endpoints' addresses.
    for (const endpoint of [usersImportEndpoints.preview, usersImportEndpoints.apply]) {
      const res = await client.request(endpoint.method, endpoint.path, {});
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('El contenido del archivo es obligatorio.');
    }
    expect(await count(t(), 'users')).toBe(users);
  });

  it('answers 401 without a session, 403 to evaluador and colaborador, and 403 without the CSRF token', async () => {
    const body = { csv: csvOf(HEADER, `Ana;${mail('ana')};colaborador;;;`) };
    const calls: Call[] = [
      { method: 'POST', url: usersImportEndpoints.preview.path, body },
      { method: 'POST', url: usersImportEndpoints.apply.path, body },
    ];
    await expectAllUnauthenticated(t(), calls);
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
    const { client } = await loginAs(t(), 'admin');
    const res = await callExpecting(client, usersImportEndpoints.apply, { body }, 403, { noCsrf: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Token CSRF inválido.');
  });

  it('is all or nothing: a failure while writing the audit log leaves no created or updated user', async () => {
    const ctx = t();
    const { client } = await loginAs(ctx, 'gestionhumana');
    const existing = await createUser(ctx, { name: 'Sin Cambio' });
    const fresh = mail('atomica');
    // Any audit entry of this test's update fails, after the users were written in the transaction.
    const marker = 'Falla Forzada';
    if (ctx.engine === 'postgres') {
      await sql`create function fail_audit() returns trigger language plpgsql as $$
        begin
          if new.after_json like ${sql.lit(`%${marker}%`)} then raise exception 'boom'; end if;
          return new;
        end $$`.execute(ctx.db);
      await sql`create trigger fail_audit before insert on audit_log for each row execute function fail_audit()`.execute(
        ctx.db,
      );
    } else {
      await sql`create trigger fail_audit before insert on audit_log
        when new.after_json like ${sql.lit(`%${marker}%`)}
        begin select raise(abort, 'boom'); end`.execute(ctx.db);
    }
    try {
      const res = await callExpecting(
        client,
        usersImportEndpoints.apply,
        {
          body: {
            csv: csvOf(HEADER, `Nueva;${fresh};colaborador;;;`, `${marker};${existing.email};colaborador;;;`),
          },
        },
        500,
      );
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger fail_audit${ctx.engine === 'postgres' ? sql` on audit_log` : sql``}`.execute(
        ctx.db,
      );
      if (ctx.engine === 'postgres') await sql`drop function fail_audit()`.execute(ctx.db);
    }
    expect(await userByEmail(ctx, fresh)).toBeUndefined();
    expect((await userByEmail(ctx, existing.email))?.name).toBe('Sin Cambio');
  });

  it('imports 5,000 rows (prints the time; no timing is asserted)', async () => {
    const ctx = t();
    const { client } = await loginAs(ctx, 'gestionhumana');
    const categories = [await newCategory(ctx), await newCategory(ctx), await newCategory(ctx)];
    const tag = unique('lote');
    const lines = Array.from(
      { length: 5000 },
      (_, i) =>
        `Persona ${i} ${tag};persona${i}.${tag}@lote.do;${i % 10 === 0 ? 'evaluador' : 'colaborador'};Docente;` +
        `Departamento ${i % 7};${categories[i % 3]!.name}`,
    );
    const csv = csvOf(HEADER, ...lines);
    expect(csv.length).toBeLessThan(1024 * 1024);

    let started = performance.now();
    const preview = await call(client, usersImportEndpoints.preview, { body: { csv } });
    const previewMs = performance.now() - started;
    expect(preview.body.counts).toEqual({
      create: 5000,
      update: 0,
      error: 0,
    });

    started = performance.now();
    const created = await call(client, usersImportEndpoints.apply, { body: { csv } });
    const createMs = performance.now() - started;
    expect(created.body).toEqual({
      created: 5000,
      updated: 0,
      skipped: 0,
      links_sent: 5000,
    });
    // Each new person has one access link and its message (decision 033; without SMTP they wait).
    const links = await ctx.db
      .selectFrom('outbox')
      .innerJoin('user_tokens', 'user_tokens.user_id', 'outbox.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('outbox.kind', '=', 'access-link')
      .where('user_tokens.purpose', '=', 'access')
      .where('outbox.to_email', 'like', `%.${tag}@lote.do`)
      .executeTakeFirstOrThrow();
    expect(Number(links.n)).toBe(5000);

    const changed = csvOf(HEADER, ...lines.map((l) => l.replace(';Docente;', ';Coordinador;')));
    started = performance.now();
    const updated = await call(client, usersImportEndpoints.apply, { body: { csv: changed } });
    const updateMs = performance.now() - started;
    expect(updated.body).toEqual({
      created: 0,
      updated: 5000,
      skipped: 0,
      links_sent: 0,
    });

    const rows = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', `%.${tag}@lote.do`)
      .where('position', '=', 'Coordinador')
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5000);
    console.log(
      `[users-import ${ctx.engine}] 5,000 rows (${Math.round(csv.length / 1024)} KB): ` +
        `preview ${previewMs.toFixed(0)} ms, apply (create) ${createMs.toFixed(0)} ms, ` +
        `apply (update) ${updateMs.toFixed(0)} ms`,
    );
  }, 120_000);
});
