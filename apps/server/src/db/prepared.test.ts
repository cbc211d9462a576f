import SQLite from 'better-sqlite3';
import { Kysely, type Generated } from 'kysely';
import { describe, expect, it } from 'vitest';
import { preparedInsert, preparedQuery } from './prepared';
import { GroupCommitSqliteDialect } from './sqlite-driver';

interface Tables {
  person: { id: Generated<number>; name: string; role: string };
}

async function database(people: Array<[string, string]>): Promise<Kysely<Tables>> {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table person (id integer primary key, name text not null, role text not null)');
  const db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(sqlite) });
  if (people.length > 0) {
    await db
      .insertInto('person')
      .values(people.map(([name, role]) => ({ name, role })))
      .execute();
  }
  return db;
}

const byNameNotRole = preparedQuery((db: Kysely<Tables>, name: string) =>
  db.selectFrom('person').select(['id', 'name']).where('role', '!=', 'admin').where('name', '=', name),
);

describe('preparedQuery', () => {
  it('runs the compiled query with each call’s arguments and keeps its own constants', async () => {
    const db = await database([
      ['Ana', 'admin'],
      ['Ana', 'colaborador'],
      ['Luis', 'colaborador'],
    ]);
    expect(await byNameNotRole(db, 'Ana')).toEqual([{ id: 2, name: 'Ana' }]);
    expect(await byNameNotRole(db, 'Luis')).toEqual([{ id: 3, name: 'Luis' }]);
    expect(await byNameNotRole(db, 'Nadie')).toEqual([]);
    // Another database gets its own compiled query.
    const other = await database([['Luis', 'admin']]);
    expect(await byNameNotRole(other, 'Luis')).toEqual([]);
    await db.destroy();
    await other.destroy();
  });

  it('refuses a query that does not use an argument as a parameter', async () => {
    const db = await database([]);
    const broken = preparedQuery((d: Kysely<Tables>, _unused: string) => d.selectFrom('person').select('id'));
    await expect(broken(db, 'x')).rejects.toThrow(/not a parameter/);
    await db.destroy();
  });

  it('runs the same compiled query inside transactions', async () => {
    const db = await database([['Eva', 'colaborador']]);
    for (let i = 0; i < 3; i += 1) {
      expect(await db.transaction().execute((trx) => byNameNotRole(trx, 'Eva'))).toEqual([
        { id: 1, name: 'Eva' },
      ]);
    }
    await db.destroy();
  });
});

interface PersonRow {
  name: string;
  role: string;
}

const insertPeople = preparedInsert<Tables, PersonRow>(['name', 'role'], (db, rows) =>
  db.insertInto('person').values(rows),
);

describe('preparedInsert', () => {
  it('inserts each call’s rows, whatever their number, in or out of a transaction', async () => {
    const db = await database([]);
    await insertPeople(db, [
      { name: 'Ana', role: 'admin' },
      { name: 'Luis', role: 'colaborador' },
    ]);
    await insertPeople(db, [{ name: 'Eva', role: 'evaluador' }]);
    await db.transaction().execute((trx) =>
      insertPeople(trx, [
        { name: 'Rosa', role: 'colaborador' },
        { name: 'Juan', role: 'evaluador' },
      ]),
    );
    await insertPeople(db, []);
    const rows = await db.selectFrom('person').select(['name', 'role']).orderBy('id').execute();
    expect(rows).toEqual([
      { name: 'Ana', role: 'admin' },
      { name: 'Luis', role: 'colaborador' },
      { name: 'Eva', role: 'evaluador' },
      { name: 'Rosa', role: 'colaborador' },
      { name: 'Juan', role: 'evaluador' },
    ]);
    await db.destroy();
  });

  it('refuses a statement whose parameters are not the rows’ values', async () => {
    const db = await database([]);
    const constant = preparedInsert<Tables, PersonRow>(['name', 'role'], (d, rows) =>
      d.insertInto('person').values(rows.map((r) => ({ name: r.name, role: 'fijo' }))),
    );
    await expect(constant(db, [{ name: 'X', role: 'y' }])).rejects.toThrow(/not a parameter|not a row value/);
    await db.destroy();
  });
});
