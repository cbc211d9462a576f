#!/usr/bin/env node
// Runs every test project with vitest, then prints one closing line "tests: N passed, N failed, N skipped"
// that CI reads. The exit code is vitest's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-vitest-')), 'report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env });

let summary = 'tests: no report was written';
try {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`;
  if (r.numTotalTests === 0) summary += ' (no test ran)';
} catch {
  // vitest failed before writing its report; its own output says why
}
console.log(summary);
process.exit(run.status ?? 1);
