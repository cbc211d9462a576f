import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ustedTexts } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';

/** The server's message catalogues: every `export const *_MESSAGES` of a module under src/modules. */
async function serverCatalogues(): Promise<Record<string, unknown>> {
  const dir = path.join(import.meta.dirname, 'modules');
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => /export const \w+_MESSAGES\b/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
  const catalogues: Record<string, unknown> = {};
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('_MESSAGES')) catalogues[`${file}:${name}`] = value;
  }
  return catalogues;
}

/** One voice (issue 15): what the server answers addresses the reader as "tú", but SPEC's own sentences. */
describe("the server's message catalogues", () => {
  it('use "tú" (no «Intente», «Reasígnelos», «usted»…) except the sentences SPEC fixes', async () => {
    const catalogues = await serverCatalogues();
    expect(Object.keys(catalogues)).toEqual(
      expect.arrayContaining([
        'auth/service.ts:LOGIN_MESSAGES',
        'setup/service.ts:SETUP_MESSAGES',
        'profile/service.ts:PASSWORD_CHANGE_MESSAGES',
      ]),
    );
    const { found, unreadable } = ustedTexts(catalogues);
    expect(found).toEqual([]);
    expect(unreadable).toEqual([]);
  });
});
