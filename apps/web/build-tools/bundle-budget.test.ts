import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kB, LOGIN_MODULE, measureBundle } from './bundle-budget';

/** Gzipped JavaScript budgets (kB = 1000 bytes), docs/performance.md § Front end. */
const LOGIN_BUDGET = 150_000;
const ROUTE_BUDGET = 350_000;

/** The build `npm test` just made (npm run build), or the one named by WEB_DIST_DIR like e2e. */
const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(import.meta.dirname, '../dist');

describe(`bundle budget of the built web app (${dist})`, () => {
  const weights = measureBundle(dist);
  console.log(
    [
      `entry: ${kB(weights.entry.gzipBytes)}; /login: ${kB(weights.login.gzipBytes)} (${weights.login.files.length} files)`,
      ...weights.routes.map((r) => `${kB(r.gzipBytes).padStart(9)}  ${r.module}`),
    ].join('\n'),
  );

  it('keeps the signed-in frame out of the entry: the layout and the toasts load lazily', () => {
    expect(weights.shell).toEqual(
      expect.arrayContaining(['src/app/Layout.tsx', 'src/app/AppNotifications.tsx']),
    );
  });

  it(`loads /login with at most ${kB(LOGIN_BUDGET)} of gzipped JavaScript`, () => {
    expect(weights.login.files.some((f) => f.includes('LoginPage'))).toBe(true);
    expect(weights.login.gzipBytes, weights.login.files.join('\n')).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it(`loads no route with more than ${kB(ROUTE_BUDGET)} of gzipped JavaScript`, () => {
    expect(weights.routes.length).toBeGreaterThan(20);
    expect(weights.routes.map((r) => r.module)).toContain(LOGIN_MODULE);
    const over = weights.routes
      .filter((r) => r.gzipBytes > ROUTE_BUDGET)
      .map((r) => `${r.module} ${kB(r.gzipBytes)}`);
    expect(over).toEqual([]);
  });
});
