#!/usr/bin/env node
// Runs every test project with vitest, then prints, from vitest's JSON report: each project's test
// count, file count and time (its span on the clock, and the sum of its files' times), the 20 slowest
// files, and one closing line "tests: N passed, N failed, N skipped" that CI reads.
// The exit code is vitest's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-vitest-')), 'report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const started = Date.now();
const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
const wall = (Date.now() - started) / 1000;

/**
 * The project a file belongs to, from where it lives (see the projects in vitest.config.ts).
 * @param {string} rel
 */
function projectOf(rel) {
  if (rel.startsWith('e2e/')) return 'e2e';
  if (rel.startsWith('apps/server/test/reliability/')) return 'reliability';
  if (rel.startsWith('apps/server/')) return 'server';
  if (rel.startsWith('packages/contracts/')) return 'contracts';
  if (rel.startsWith('apps/web/build-tools/')) return 'web-build';
  if (rel.startsWith('apps/web/')) return 'web';
  return 'other';
}

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

let summary = 'tests: no report was written';
try {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  /** @type {Array<{ name: string; startTime: number; endTime: number; assertionResults: unknown[] }>} */
  const results = r.testResults;
  const files = results.map((f) => {
    const rel = path.relative(root, f.name);
    return {
      rel,
      project: projectOf(rel),
      start: f.startTime,
      end: f.endTime,
      ms: f.endTime - f.startTime,
      tests: f.assertionResults.length,
    };
  });
  /** @type {Map<string, { files: number; tests: number; sum: number; start: number; end: number }>} */
  const projects = new Map();
  for (const f of files) {
    const p = projects.get(f.project) ?? { files: 0, tests: 0, sum: 0, start: Infinity, end: 0 };
    p.files += 1;
    p.tests += f.tests;
    p.sum += f.ms;
    p.start = Math.min(p.start, f.start);
    p.end = Math.max(p.end, f.end);
    projects.set(f.project, p);
  }
  console.log('\nproject       tests  files   span on the clock   sum of file times');
  for (const [name, p] of [...projects].sort((a, b) => b[1].sum - a[1].sum)) {
    console.log(
      `${name.padEnd(12)} ${String(p.tests).padStart(6)} ${String(p.files).padStart(6)}   ${seconds(p.end - p.start).padStart(17)}   ${seconds(p.sum).padStart(17)}`,
    );
  }
  console.log(
    `all          ${String(r.numTotalTests).padStart(6)} ${String(files.length).padStart(6)}   ${`${wall.toFixed(1)} s`.padStart(17)}`,
  );
  console.log('\nthe 20 slowest files:');
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 20)) {
    console.log(`${seconds(f.ms).padStart(9)}  ${String(f.tests).padStart(4)} tests  ${f.rel}`);
  }
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`;
  if (r.numTotalTests === 0) summary += ' (no test ran)';
} catch {
  // vitest failed before writing its report; its own output says why
}
console.log(summary);
process.exit(run.status ?? 1);
