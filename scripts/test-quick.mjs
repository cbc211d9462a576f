#!/usr/bin/env node
// `npm run test:quick`, the edit loop: contracts, the web's unit and render tests and the API suite on
// SQLite only — no build, no PostgreSQL, no browser, no child-process tests. `npm test` runs everything.
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
delete env.TEST_DATABASE_URL;
delete env.REQUIRE_PG;
const projects = ['contracts', 'web', 'server', 'server-isolated'].flatMap((p) => ['--project', p]);
const run = spawnSync(process.execPath, ['scripts/test.mjs', ...projects, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
