import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { buildApp } from '../src/app';
import { TEST_SECRET, type TestContext } from './context';

/** Counts the statements the database ran (every executed query passes transformResult once). */
export class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery<T>(args: { node: T }): T {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

/** The app on the context's database, counting every statement it runs. Close it after use. */
export async function countingApp(
  t: TestContext,
): Promise<{ app: FastifyInstance; counter: StatementCounter }> {
  const counter = new StatementCounter();
  const app = await buildApp(
    { db: t.db.withPlugin(counter), engine: t.engine, config: t.config, sessionSecret: TEST_SECRET },
    { webDir: null, logger: false },
  );
  await app.ready();
  return { app, counter };
}
