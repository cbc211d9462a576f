import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluationEndpoints,
  historyEndpoints,
  userEndpoints,
  v2EvaluationEndpoints,
  wholeList,
} from '@evalua/contracts';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, openInApp, pageProblems } from './support/browser';
import { call } from './support/call';
import type { DemoLogins } from './support/demo';
import { expectNoHorizontalOverflow, PHONE } from './support/layout';

/**
 * Every screen of the route table, opened by someone allowed to see it with the demo data, checked
 * with axe at desktop width and at 375 px (where nothing may scroll sideways either). The table
 * below must name every path of apps/web/src/app/route-table.ts: a new screen without an entry here
 * fails the first test. One page per role and width opens the screens one after another through the
 * app's own navigation (openInApp), as a person moving through the menu would.
 */

type Who = 'admin' | 'gestionhumana' | 'evaluador' | 'colaborador' | 'anonymous';

/** Ids from the demo school, read through the API. */
interface Demo {
  evaluationId: number;
  v2Id: number;
  evaluatorId: number;
  colaboradorId: number;
  historyUserId: number;
  userToEdit: number;
  reportEvaluationId: number;
}

interface Visit {
  who: Who;
  url: (d: Demo) => string;
  /** The page's level-1 heading (the route's title unless given). */
  heading?: string | RegExp;
}

const ROUTES: Record<string, Visit> = {
  '/dashboard': { who: 'admin', url: () => '/dashboard' },
  '/create-evaluation': { who: 'admin', url: () => '/create-evaluation' },
  '/question-banks': { who: 'admin', url: () => '/question-banks' },
  '/evaluators': { who: 'admin', url: () => '/evaluators' },
  '/collaborators': { who: 'admin', url: () => '/collaborators' },
  '/reports': { who: 'gestionhumana', url: () => '/reports' },
  '/categories': { who: 'admin', url: () => '/categories' },
  '/evaluations': { who: 'admin', url: () => '/evaluations' },
  '/edit-evaluation/:id': { who: 'admin', url: (d) => `/edit-evaluation/${d.evaluationId}` },
  '/users': { who: 'admin', url: () => '/users' },
  '/create-user': { who: 'admin', url: () => '/create-user' },
  '/edit-user/:id': { who: 'admin', url: (d) => `/edit-user/${d.userToEdit}` },
  '/evaluation-history': { who: 'gestionhumana', url: () => '/evaluation-history' },
  '/evaluation-history/:userId': {
    who: 'gestionhumana',
    url: (d) => `/evaluation-history/${d.historyUserId}`,
  },
  '/assignment-management': {
    who: 'admin',
    url: (d) => `/assignment-management?evaluador=${d.evaluatorId}`,
  },
  '/assignments': { who: 'gestionhumana', url: (d) => `/assignments?evaluador=${d.evaluatorId}` },
  '/training-report': { who: 'gestionhumana', url: () => '/training-report' },
  '/evaluations-v2': { who: 'admin', url: () => '/evaluations-v2' },
  '/evaluations-v2/:evaluationId/items': { who: 'admin', url: (d) => `/evaluations-v2/${d.v2Id}/items` },
  '/v2/items/:evaluationId': { who: 'gestionhumana', url: (d) => `/v2/items/${d.v2Id}` },
  '/snapshots': { who: 'gestionhumana', url: () => '/snapshots' },
  '/admin/evaluations/:evaluationId/snapshots': {
    who: 'admin',
    url: (d) => `/admin/evaluations/${d.v2Id}/snapshots`,
  },
  '/evaluations-v2/:id/assignments': {
    who: 'admin',
    url: (d) => `/evaluations-v2/${d.v2Id}/assignments`,
    heading: /^Asignaciones 360 – Evaluación #\d+$/,
  },
  '/evaluations-v2/:id/results': { who: 'gestionhumana', url: (d) => `/evaluations-v2/${d.v2Id}/results` },
  '/evaluations-v2/:id/publicacion': {
    who: 'gestionhumana',
    url: (d) => `/evaluations-v2/${d.v2Id}/publicacion`,
  },
  '/evaluations-v2/:id/insight': { who: 'admin', url: (d) => `/evaluations-v2/${d.v2Id}/insight` },
  '/evaluations-v2/:id/results/:userId': {
    who: 'admin',
    url: (d) => `/evaluations-v2/${d.v2Id}/results/${d.colaboradorId}`,
  },
  '/v2/assignments/:evaluationId': {
    who: 'admin',
    url: (d) => `/v2/assignments/${d.v2Id}`,
    heading: /^Asignaciones \(V2\) — Evaluación #\d+$/,
  },
  '/audit': { who: 'admin', url: () => '/audit' },
  '/correos': { who: 'admin', url: () => '/correos' },
  '/organizacion': { who: 'admin', url: () => '/organizacion' },
  '/evaluation-form': { who: 'evaluador', url: () => '/evaluation-form' },
  '/mi-equipo-360': { who: 'evaluador', url: () => '/mi-equipo-360' },
  '/home': { who: 'colaborador', url: () => '/home', heading: /^Hola, / },
  '/profile': { who: 'colaborador', url: () => '/profile' },
  // The same screen as /profile (SPEC §2: linked, not shown), under its title.
  '/edit-profile': { who: 'colaborador', url: () => '/edit-profile', heading: 'Mi Perfil' },
  '/evaluation-form-v2': { who: 'colaborador', url: () => '/evaluation-form-v2' },
  '/nominaciones': { who: 'colaborador', url: () => '/nominaciones' },
  '/report/:evaluationId/:userId': {
    who: 'colaborador',
    url: (d) => `/report/${d.reportEvaluationId}/${d.colaboradorId}`,
  },
  '/report-detail/:evaluationId/:userId': {
    who: 'gestionhumana',
    url: (d) => `/report-detail/${d.reportEvaluationId}/${d.colaboradorId}`,
  },
};

/** Screens outside the route table: the login, the access-denied page and the unknown path. */
const OTHER_SCREENS: Record<string, Visit> = {
  '/login': { who: 'anonymous', url: () => '/login', heading: 'Iniciar Sesión' },
  '/recuperar-contrasena': {
    who: 'anonymous',
    url: () => '/recuperar-contrasena',
    heading: 'Recuperar contraseña',
  },
  // Without a valid token these pages say so (the sentence of a used or unknown link).
  '/activar': { who: 'anonymous', url: () => '/activar?token=inventado', heading: 'Activar tu cuenta' },
  '/restablecer-contrasena': {
    who: 'anonymous',
    url: () => '/restablecer-contrasena',
    heading: 'Restablecer contraseña',
  },
  '/unauthorized': { who: 'colaborador', url: () => '/unauthorized', heading: 'Acceso Denegado' },
  '*': { who: 'evaluador', url: () => '/no-existe-esta-pagina', heading: 'Página no encontrada' },
};

/** Path → title of every screen in the route table, read from its source. */
function routeTable(): Map<string, string> {
  const file = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../apps/web/src/app/route-table.ts',
  );
  const source = fs.readFileSync(file, 'utf8');
  const routes = new Map<string, string>();
  for (const m of source.matchAll(/managed\(\s*'([^']+)',\s*'([^']+)'/g)) routes.set(m[1]!, m[2]!);
  for (const m of source.matchAll(/path: '([^']+)',\s*access: (?:\[[^\]]*\]|'[^']*'),\s*title: '([^']+)'/g))
    routes.set(m[1]!, m[2]!);
  return routes;
}

/** The ids the table needs, from the demo data as the API gives it to an admin. */
async function demoIds(page: Page, logins: DemoLogins): Promise<Demo> {
  const users = wholeList(await call(page, userEndpoints.list));
  const idOf = (email: string) => users.find((u) => u.email === email)!.id;
  const colaboradorId = idOf(logins.byRole.colaborador.email);
  const evaluations = await call(page, evaluationEndpoints.list);
  const v2 = await call(page, v2EvaluationEndpoints.list);
  const withHistory = wholeList(await call(page, historyEndpoints.collaborators));
  const own = await call(page, historyEndpoints.ofUser, { params: { userId: colaboradorId } });
  expect(own.length, 'la colaboradora de la demo tiene resultados').toBeGreaterThan(0);
  return {
    evaluationId: evaluations[0]!.id,
    v2Id: v2.rows[0]!.id,
    evaluatorId: idOf(logins.byRole.evaluador.email),
    colaboradorId,
    historyUserId: withHistory[0]!.collaborator_id,
    userToEdit: users.find((u) => u.role === 'colaborador' && u.id !== colaboradorId)!.id,
    reportEvaluationId: own[0]!.evaluation_id,
  };
}

/** Until every "Cargando…" status is gone: the screen shows what it loaded (or its empty/error state). */
async function settled(page: Page): Promise<void> {
  await page
    .locator('[role="status"][aria-label^="Cargando"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
}

/**
 * English a person could read or hear on the screen: words third-party components (Mantine, the
 * browser's own controls) bring with them, in visible text and in the names and hints of controls.
 */
const ENGLISH =
  /\b(Toggle|Close|Clear|Loading|Search|Nothing found|No results|Show|Hide|Submit|Select|Open|Cancel|Remove|Delete|Edit|Save|Back|Next|Previous|Page|Menu|Dismiss|Expand|Collapse|Copy|Required|Choose|Upload)\b/;

/** Every visible text node and every aria-label, title, placeholder and alt with English in it. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const source = ENGLISH.source;
  return page.evaluate((pattern) => {
    const english = new RegExp(pattern);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      const parent = n.parentElement;
      if (!text || !parent || parent.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
      if (english.test(text)) found.push(`texto «${text.slice(0, 60)}»`);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(attr);
        if (value && english.test(value)) found.push(`${el.tagName.toLowerCase()}[${attr}=«${value}»]`);
      }
    }
    return found;
  }, source);
}

const VIEWPORTS: Array<{ name: string; options: BrowserContextOptions }> = [
  { name: 'escritorio', options: {} },
  { name: '375 px', options: PHONE },
];

describeInChromium('axe on every screen', () => {
  const app = useDemoApp();
  let demo: Demo;

  beforeAll(async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    demo = await demoIds(page, app.logins);
    await context.close();
  });

  it('has an entry for every path of the route table', () => {
    const table = routeTable();
    expect(table.size).toBeGreaterThan(30);
    expect(Object.keys(ROUTES).sort()).toEqual([...table.keys()].sort());
  });

  for (const viewport of VIEWPORTS) {
    describe(viewport.name, () => {
      const sessions = new Map<Who, { context: BrowserContext; page: Page }>();

      /** One signed-in page per role (and one without a session), reused across screens. */
      async function pageAs(who: Who): Promise<Page> {
        const open = sessions.get(who);
        if (open) return open.page;
        const session =
          who === 'anonymous'
            ? await app.newPage(viewport.options)
            : await app.signIn(who, /\/(home|dashboard)$/, viewport.options);
        sessions.set(who, session);
        return session.page;
      }

      afterAll(async () => {
        for (const { page, context } of sessions.values()) {
          expect(pageProblems(page)).toEqual([]);
          await context.close();
        }
      });

      const titles = routeTable();
      for (const [route, visit] of Object.entries({ ...ROUTES, ...OTHER_SCREENS })) {
        it(`${route} (${visit.who})`, async () => {
          const page = await pageAs(visit.who);
          const url = visit.url(demo);
          await openInApp(page, url);
          const heading = visit.heading ?? titles.get(route)!;
          await page
            .getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' })
            .waitFor();
          await settled(page);
          expect(await page.getByRole('heading', { name: 'Acceso Denegado' }).count()).toBe(
            route === '/unauthorized' ? 1 : 0,
          );
          await expectNoAxeViolations(page, `${url} (${visit.who}, ${viewport.name})`);
          expect(await englishOnScreen(page), `inglés en ${url}`).toEqual([]);
          if (viewport.options.viewport) await expectNoHorizontalOverflow(page, `${url} a 375 px`);
        });
      }
    });
  }
});
