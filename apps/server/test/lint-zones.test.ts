import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries (decision 049, eslint.config.js `serverZones` and the SQL rules): probes
 * that the lint refuses each forbidden direction and lets the allowed ones through.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const server = path.join(repoRoot, 'apps/server');

const ZONE_RULE = 'import-x/no-restricted-paths';
const SQL_RULES = ['no-restricted-syntax', 'no-restricted-imports'];

/** The messages of `rules` for `code` as if it were the file `file` (relative to apps/server). */
async function errors(rules: string[], file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot, ruleFilter: ({ ruleId }) => rules.includes(ruleId) });
  const [result] = await eslint.lintText(code, { filePath: path.join(server, file) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId && rules.includes(m.ruleId)).map((m) => m.message);
}

const FACE = 'Un módulo usa otro solo por su index.ts';
const OUTSIDE = 'Fuera de modules/, el servidor usa un módulo solo por su index.ts';
const SQL = 'El SQL vive en repository.ts.';

describe('the server lint zones (eslint.config.js)', () => {
  // Each probe imports a file that exists: the rule judges resolved paths.
  const forbidden: { from: string; file: string; code: string; says: string }[] = [
    {
      from: "a module → another module's service",
      file: 'src/modules/staff/probe.ts',
      code: "import { findUserById } from '../users/service';\nexport { findUserById };\n",
      says: FACE,
    },
    {
      from: "a module → another module's repository",
      file: 'src/modules/staff/probe.ts',
      code: "import { findUserById } from '../users/repository';\nexport { findUserById };\n",
      says: FACE,
    },
    {
      from: "a module → another module's routes",
      file: 'src/modules/staff/probe.ts',
      code: "import { userRoutes } from '../users/routes';\nexport { userRoutes };\n",
      says: FACE,
    },
    {
      from: "a module's sub-folder → another module's file",
      file: 'src/modules/v1-results/history/probe.ts',
      code: "import { findUserById } from '../../users/service';\nexport { findUserById };\n",
      says: FACE,
    },
    {
      from: "a module's test → another module's file",
      file: 'src/modules/staff/probe.test.ts',
      code: "import { USER_MESSAGES } from '../users/service';\nexport { USER_MESSAGES };\n",
      says: FACE,
    },
    {
      from: "app.ts's folder → a module's file",
      file: 'src/probe.ts',
      code: "import { userRoutes } from './modules/users/routes';\nexport { userRoutes };\n",
      says: OUTSIDE,
    },
    {
      from: "http/ → a module's file",
      file: 'src/http/probe.ts',
      code: "import { mailSettings } from '../modules/mail/service';\nexport { mailSettings };\n",
      says: OUTSIDE,
    },
    {
      from: "auth/ → a module's file",
      file: 'src/auth/probe.ts',
      code: "import { findUserById } from '../modules/users/repository';\nexport { findUserById };\n",
      says: OUTSIDE,
    },
  ];

  it.each(forbidden)('refuses $from', async ({ file, code, says }) => {
    const found = await errors([ZONE_RULE], file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(says);
  });

  const allowed: { from: string; file: string; code: string }[] = [
    {
      from: "a module → another module's index (`../<m>`)",
      file: 'src/modules/staff/probe.ts',
      code: "import { findUserById } from '../users';\nexport { findUserById };\n",
    },
    {
      from: "a module's sub-folder → another module's index",
      file: 'src/modules/v1-results/history/probe.ts',
      code: "import { findUserById } from '../../users';\nexport { findUserById };\n",
    },
    {
      from: "a module's test → another module's index",
      file: 'src/modules/staff/probe.test.ts',
      code: "import { USER_MESSAGES } from '../users';\nexport { USER_MESSAGES };\n",
    },
    {
      from: 'a module → its own files',
      file: 'src/modules/users/probe.ts',
      code: "import { findUserById } from './service';\nexport { findUserById };\n",
    },
    {
      from: "app.ts's folder → a module's index",
      file: 'src/probe.ts',
      code: "import { userRoutes } from './modules/users';\nexport { userRoutes };\n",
    },
    {
      from: "demo/ → a module's repository (the seed's exception)",
      file: 'src/demo/probe.ts',
      code: "import { insertUser } from '../modules/users/repository';\nexport { insertUser };\n",
    },
    {
      from: "the test harness → a module's file (test/'s exception)",
      file: 'test/probe.ts',
      code: "import { insertUser } from '../src/modules/users/repository';\nexport { insertUser };\n",
    },
  ];

  it.each(allowed)('allows $from', async ({ file, code }) => {
    expect(await errors([ZONE_RULE], file, code)).toEqual([]);
  });
});

describe('the server SQL rule: SQL only in repository files (eslint.config.js)', () => {
  const query = "export const q = (db: any) => db.selectFrom('sessions').selectAll();\n";
  const sqlImport = "import { sql } from 'kysely';\nexport const one = sql`1`;\n";

  it.each([
    ["a module's routes", 'src/modules/v1-results/history/routes.ts', query],
    ["a module's service (kysely's sql)", 'src/modules/v1-results/history/service.ts', sqlImport],
    ['auth/ outside its repository', 'src/auth/sessions.ts', query],
    ["auth/ outside its repository (kysely's sql)", 'src/auth/probe.ts', sqlImport],
  ])('refuses SQL in %s', async (_what, file, code) => {
    expect((await errors(SQL_RULES, file, code)).join('\n')).toContain(SQL);
  });

  it.each([
    ["a module's repository.ts", 'src/modules/v1-results/history/repository.ts', query],
    ["the sessions' repository", 'src/auth/sessions-repository.ts', query],
  ])('allows SQL in %s', async (_what, file, code) => {
    expect(await errors(SQL_RULES, file, code)).toEqual([]);
  });
});
