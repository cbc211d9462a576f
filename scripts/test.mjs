#!/usr/bin/env node
// Runs every test project with vitest, then prints one closing line "tests: N passed, N failed, N skipped"
// that CI reads. The exit code is the worst of the runs'.
//
// Bare (`npm test`), the browser files (one at a time: each has its own Chromium and server) run in
// one vitest process while the API and unit files run in another, one file at a time each: an e2e file
// mostly waits on its browser, so on two cores the two lines overlap instead of queueing (vitest alone
// runs projects with one worker each one after the other there). The reliability files (child
// processes, a PostgreSQL restart, a load run) run last, alone. With arguments, one vitest run gets
// them (e.g. `npm test -- --project server some.test.ts`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-vitest-'));

/**
 * One vitest run writing its JSON report; resolves with its exit code and the report's path.
 * @param {string} name
 * @param {string[]} args
 * @returns {Promise<{ status: number; report: string }>}
 */
function vitest(name, args) {
  const report = path.join(dir, `${name}.json`);
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', env: process.env },
  );
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), report }));
  });
}

const extra = process.argv.slice(2);
const runs =
  extra.length > 0
    ? [await vitest('all', extra)]
    : [
        ...(await Promise.all([
          vitest('browser', ['--project', 'e2e']),
          vitest('api', [
            '--project',
            'server',
            '--project',
            'contracts',
            '--project',
            'web',
            '--project',
            'web-build',
          ]),
        ])),
        await vitest('reliability', ['--project', 'reliability']),
      ];

const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
let missing = false;
for (const run of runs) {
  try {
    const r = JSON.parse(fs.readFileSync(run.report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    totals.total += r.numTotalTests;
  } catch {
    // vitest failed before writing its report; its own output says why
    missing = true;
  }
}
let summary = `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
if (missing) summary += ' (a run wrote no report)';
if (totals.total === 0) summary += ' (no test ran)';
console.log(summary);
const status = runs.find((r) => r.status !== 0)?.status ?? (missing ? 1 : 0);
process.exit(status);
