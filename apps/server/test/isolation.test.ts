import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILES_THAT_MOCK_MODULES } from '../vitest.shared';

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'reliability' ? [] : testFiles(p);
    return d.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the API suite without isolation', () => {
  it('runs apart every file that mocks a module, and only those', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const mocking = ['src', 'test']
      .flatMap((d) => testFiles(path.join(root, d)))
      .filter((f) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f))
      .sort();
    expect(mocking).toEqual([...FILES_THAT_MOCK_MODULES].sort());
  });
});
