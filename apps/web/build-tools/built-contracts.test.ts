import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The build `npm test` just made (npm run build), or the one named by WEB_DIST_DIR like e2e. */
const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(import.meta.dirname, '../dist');

const assets = path.join(dist, 'assets');
const scripts = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'));

describe(`the contracts as the built web app carries them (${dist})`, () => {
  it('keeps zod’s Spanish messages (decision 022): the locale survives the pure-schema tree-shaking', () => {
    expect(scripts.some((js) => js.includes('Entrada inválida: se esperaba'))).toBe(true);
  });

  it('keeps only method and path of the endpoints (decision 024): no endpoint carries its schemas', () => {
    const withPath = scripts.filter((js) => js.includes('path:`/api/categories/:id`'));
    expect(withPath.length).toBeGreaterThan(0);
    for (const js of withPath) expect(js).not.toMatch(/path:`\/api\/categories\/:id`,\s*params:/);
  });
});
