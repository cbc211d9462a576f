import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');
/** A catalogue of sentences: `export const SOMETHING_MESSAGES = {` (or NOTES, TEXTS). */
const CATALOGUE = /^export const (\w*(?:MESSAGES|NOTES|TEXTS))\s*=/gm;

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(at, found);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) found.push(at);
  }
  return found;
}

describe('where a sentence lives (issue 29 §6, docs/architecture.md)', () => {
  it('keeps no catalogue of sentences on the server: what it sends lives in packages/contracts', () => {
    const found = sourceFiles(src).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(CATALOGUE)].map(
        (m) => `${path.relative(src, file)}: ${m[1]}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds a catalogue where one is written (the check itself works)', () => {
    expect([..."export const X_MESSAGES = { a: 'b' };".matchAll(CATALOGUE)]).toHaveLength(1);
  });
});
