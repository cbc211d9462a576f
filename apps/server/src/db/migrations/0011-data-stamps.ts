import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';

/**
 * What each stamp topic follows (decision 032): a figure computed from these tables is cached under
 * the stamps of its topics, and any committed change to them gives a topic a new stamp.
 */
export const STAMP_TOPICS = {
  users: ['users'],
  v1: ['evaluations', 'assignments', 'v1_submissions'],
  v2: ['v2_evaluations', 'v2_items', 'v2_assignments', 'v2_responses', 'v2_answers'],
} as const;

export type StampTopic = keyof typeof STAMP_TOPICS;

const tablesOf = () =>
  Object.entries(STAMP_TOPICS).flatMap(([topic, tables]) => tables.map((table) => ({ topic, table })));

/**
 * Data stamps (decision 032): one row per topic (and shard, on PostgreSQL) that triggers change in the
 * same transaction as every INSERT, UPDATE or DELETE of the topic's tables, so no write path can forget
 * to invalidate a cached figure.
 *
 * - SQLite: the stamp is 16 random hex digits, new at each change. A read can see a grouped
 *   transaction's writes before they commit (decision 020); were that savepoint rolled back, a counter
 *   would go back to a value a cache already paired with the rolled-back data, and later reach it
 *   again with other data. A random stamp never comes back.
 * - PostgreSQL: counter rows per topic (shards); a bump adds 1 to a row no other transaction holds,
 *   or adds a row, so it never waits. The topic's stamp is their sum, which grows with each commit
 *   that changed it and only then (no dirty reads). Statement-level triggers: one bump per
 *   statement, whatever its row count.
 */
export function dataStamps(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'sqlite') {
        await sql`create table data_stamps (
          topic text not null,
          shard integer not null,
          stamp text not null,
          primary key (topic, shard)
        )`.execute(db);
        for (const { topic, table } of tablesOf()) {
          for (const event of ['insert', 'update', 'delete']) {
            await sql
              .raw(
                `create trigger ${table}_${event}_stamp after ${event} on ${table} for each row begin ` +
                  `insert into data_stamps (topic, shard, stamp) values ('${topic}', 0, hex(randomblob(8))) ` +
                  `on conflict (topic, shard) do update set stamp = excluded.stamp; end`,
              )
              .execute(db);
          }
        }
        return;
      }
      await sql`create table data_stamps (
        topic text not null,
        shard integer not null,
        stamp bigint not null,
        primary key (topic, shard)
      )`.execute(db);
      // The schema's data_stamps whatever the writer's search_path (`set search_path from current`:
      // the one this migration runs with). Never waits for another transaction: the first counter
      // row of the topic that no other
      // transaction holds (SKIP LOCKED; a row this transaction holds is not skipped), or a new row
      // when every one is held. So no bump can take part in a deadlock, and a topic has as many rows
      // as transactions ever changed it at once.
      await sql
        .raw(
          `create function evalua_bump_stamp() returns trigger language plpgsql set search_path from current as $$
          declare
            picked integer;
          begin
            select shard into picked from data_stamps where topic = tg_argv[0]
              limit 1 for update skip locked;
            if picked is null then
              loop
                picked := floor(random() * 2147483647)::integer;
                insert into data_stamps (topic, shard, stamp) values (tg_argv[0], picked, 1)
                  on conflict do nothing;
                exit when found;
              end loop;
            else
              update data_stamps set stamp = stamp + 1 where topic = tg_argv[0] and shard = picked;
            end if;
            return null;
          end $$`,
        )
        .execute(db);
      for (const { topic, table } of tablesOf()) {
        await sql
          .raw(
            `create trigger ${table}_stamp after insert or update or delete or truncate on ${table} ` +
              `for each statement execute function evalua_bump_stamp('${topic}')`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { table } of tablesOf()) {
        if (engine === 'sqlite') {
          for (const event of ['insert', 'update', 'delete']) {
            await sql.raw(`drop trigger if exists ${table}_${event}_stamp`).execute(db);
          }
        } else {
          await sql.raw(`drop trigger if exists ${table}_stamp on ${table}`).execute(db);
        }
      }
      if (engine === 'postgres') await sql`drop function if exists evalua_bump_stamp()`.execute(db);
      await sql`drop table data_stamps`.execute(db);
    },
  };
}
