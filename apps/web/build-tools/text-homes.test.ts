import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.resolve(import.meta.dirname, '../src/features');
/** A catalogue of sentences: `export const somethingMessages = {` (or Texts, MESSAGES, TEXTS). */
const CATALOGUE = /^export const (\w*(?:Messages|MESSAGES|Texts|TEXTS|messages|texts))\s*=/gm;

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(at, found);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(at);
  }
  return found;
}

describe('where a sentence lives (issue 29 §6, docs/architecture.md)', () => {
  it('keeps the web’s own sentences in src/i18n, not in a feature', () => {
    const found = sourceFiles(features).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(CATALOGUE)].map(
        (m) => `${path.relative(features, file)}: ${m[1]}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds a catalogue where one is written (the check itself works)', () => {
    expect([..."export const draftTexts = { a: 'b' };".matchAll(CATALOGUE)]).toHaveLength(1);
  });
});

describe('one word for one thing (issue 30 §8)', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  it("writes 'periodo' (as the forms, lists and reports do), never 'período', in the web's own text", () => {
    const found = sourceFiles(src).filter((file) => /[Pp]eríodo/.test(fs.readFileSync(file, 'utf8')));
    expect(found.map((f) => path.relative(src, f))).toEqual([]);
  });
});
