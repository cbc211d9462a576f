import fs from 'node:fs';
import axeCore from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';

/** Browser tests run when Chromium is installed; REQUIRE_BROWSER=1 (CI) makes its absence a failure. */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`REQUIRE_BROWSER=1 pero no existe ${CHROMIUM}: instala el paquete chromium.`);
  }
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Options of a new page: its context's (e.g. a phone's `viewport`, `isMobile`, `hasTouch`) and a script. */
export interface PageOptions extends BrowserContextOptions {
  /** Runs in the page before the app's own scripts (e.g. to shorten a time-out). */
  init?: () => void;
}

/** A page in a context of its own (no cookies shared with other pages); close the context when done. */
export interface OpenPage {
  context: BrowserContext;
  page: Page;
}

export async function newPage(
  browser: Browser,
  origin: string,
  { init, ...options }: PageOptions = {},
): Promise<OpenPage> {
  // Reduced motion: no transitions, so axe measures colours as they settle.
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'es-DO',
    reducedMotion: 'reduce',
    // The desktop width the screens are made for (1366 px; phones are tested at 375 px).
    viewport: { width: 1366, height: 768 },
    ...options,
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  // Any console error or failed page script is a failure of the page.
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  // A 401 or 403 a screen meets on purpose is not one — except the session check's: "not signed in
  // yet" is normal and must log nothing (issue 30 §4).
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const sessionCheck = /\/api\/(session|users\/me)$/.test(msg.location().url);
    if (!/status of 40[13]/.test(msg.text()) || sessionCheck)
      problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  (page as Page & { problems: string[] }).problems = problems;
  return { context, page };
}

export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/**
 * axe-core in every same-origin frame of the page, injected once per document: later runs on the same
 * screen (or after the app's own navigation) reuse it. The rules are axe's defaults, as with AxeBuilder;
 * frames of another origin are not tested (the app has none).
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate('typeof window.axe === "object"').catch(() => true);
    if (present) continue;
    await frame.evaluate(axeCore.source);
    await frame.evaluate('axe.configure({ allowedOrigins: ["<same_origin>"] })');
  }
}

/** axe on the page as it is now: no violations allowed. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await injectAxe(page);
  const results = (await page.evaluate(
    // (a string: the page's own axe, not a bundled copy)
    'axe.run(document, { resultTypes: ["violations"] })',
  )) as AxeResults;
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe en ${label}`).toEqual([]);
}

interface AxeResults {
  violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }>;
}

/**
 * Signs in through the API, as the login screen does (CSRF token, then the login call), so the page's
 * context holds the session cookie; the tests of the login screen use `login` instead.
 * Answers the signed-in role.
 */
export async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const csrf = await page.request.get('/api/csrf-token', { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await page.request.post('/api/users/login', {
    headers: { ...headers, 'x-csrf-token': csrfToken },
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`inicio de sesión por la API: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { user: { role: string } }).user.role;
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/**
 * Opens `url` the way the app's own links do (history.pushState and the popstate the router listens
 * to): the page keeps its loaded bundle and its injected axe, so a screen costs its render and its
 * calls, not a reload. A page that has not loaded the app yet is opened with goto. The router shows
 * the screen before until the new one is ready (a transition), so the caller then waits for what only
 * the new screen shows, such as its heading. (The feature files load their screens from scratch.)
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const loaded = await page.evaluate(() => document.querySelector('#root')?.childElementCount ?? 0);
  if (loaded === 0) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
