import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Engine } from './db/connection';
import type { Database } from './db/schema';

/** What every route and service may use: one database handle, the config, the secret. */
export interface AppContext {
  db: Kysely<Database>;
  engine: Engine;
  config: Config;
  sessionSecret: string;
}
