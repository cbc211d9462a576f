import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');
/** A module replaced for a whole file: with the files of a worker sharing modules, it would leak. */
const MODULE_MOCK = /\bvi\.(?:mock|doMock)\(/;

function testFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) testFiles(at, found);
    else if (/\.test\.tsx?$/.test(entry.name) && at !== import.meta.filename) found.push(at);
  }
  return found;
}

describe('the web tests run without isolation (apps/web/vitest.unit.config.ts)', () => {
  it('so no test file replaces a module', () => {
    const mocking = testFiles(src).filter((file) => MODULE_MOCK.test(fs.readFileSync(file, 'utf8')));
    expect(mocking.map((file) => path.relative(src, file))).toEqual([]);
  });

  it('finds a module mock where one is written (the check itself works)', () => {
    expect(MODULE_MOCK.test("vi.mock('../api/client');")).toBe(true);
  });
});
