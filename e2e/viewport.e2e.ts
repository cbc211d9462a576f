import {
  accessEndpoints,
  authEndpoints,
  historyEndpoints,
  onePage,
  userEndpoints,
  v2EvaluationEndpoints,
} from '@evalua/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems, type OpenPage } from './support/browser';
import { call } from './support/call';
import { expectAllWithinWidth, expectNoHorizontalOverflow, PHONE } from './support/layout';

/**
 * Tables that fit (issue 15): every list screen, as the role that uses it, at 1366×800, 1024×768
 * and on a 375 px phone. Once the rows show, every button and link of the screen's content — every
 * row's, not only the first — is whole and on screen without scrolling sideways, and the page does
 * not scroll sideways; at 375 px axe finds nothing. One signed-in page per role and size, resized.
 */

const WIDE = { width: 1366, height: 800 };
const MEDIUM = { width: 1024, height: 768 };

type Who = 'admin' | 'evaluador' | 'colaborador';

/** What the screens' addresses need from the demo's data. */
interface DemoIds {
  evaluador: number;
  colaborador: number;
  /** The demo's open 360 evaluation. */
  v2: number;
  /** A person with V1 results, and one of their evaluations. */
  person: number;
  evaluation: number;
}

interface Screen {
  name: string;
  who: Who;
  path: (ids: DemoIds) => string;
  /** Waits until the list shows its rows (and opens what the screen opens with a click). */
  show: (page: Page) => Promise<void>;
}

/** A list by name, whichever way it shows: a table, or a list of cards. */
const named = (page: Page, name: string | RegExp): Locator =>
  page
    .getByRole('table', { name, exact: true })
    .or(page.getByRole('list', { name, exact: true }))
    .first();

const first = (page: Page, role: 'button' | 'link', name: RegExp) =>
  page.getByRole('main').getByRole(role, { name }).first();

const waitFor = (locator: Locator) => locator.waitFor();

const SCREENS: Screen[] = [
  {
    name: 'Dashboard',
    who: 'admin',
    path: () => '/dashboard',
    show: (page) => waitFor(page.getByRole('list', { name: 'Evaluadores' }).getByRole('listitem').first()),
  },
  {
    name: 'Gestión de Usuarios',
    who: 'admin',
    path: () => '/users',
    show: (page) => waitFor(first(page, 'button', /^Desactivar /)),
  },
  {
    name: 'Categorías',
    who: 'admin',
    path: () => '/categories',
    show: (page) => waitFor(first(page, 'button', /^Eliminar /)),
  },
  {
    name: 'Bancos de Preguntas y sus preguntas',
    who: 'admin',
    path: () => '/question-banks',
    show: async (page) => {
      await first(page, 'button', /^Ver preguntas de /).click();
      await page.getByRole('button', { name: 'Eliminar pregunta 1', exact: true }).waitFor();
    },
  },
  {
    name: 'Evaluadores',
    who: 'admin',
    path: () => '/evaluators',
    show: (page) => waitFor(first(page, 'button', /^Eliminar /)),
  },
  {
    name: 'Colaboradores',
    who: 'admin',
    path: () => '/collaborators',
    show: (page) => waitFor(first(page, 'button', /^Eliminar /)),
  },
  {
    name: 'Gestión de Asignaciones',
    who: 'admin',
    path: (ids) => `/assignment-management?evaluador=${ids.evaluador}`,
    show: async (page) => {
      await first(page, 'button', /^Quitar /).waitFor();
      await first(page, 'button', /^Asignar /).waitFor();
    },
  },
  {
    name: 'Reportes',
    who: 'admin',
    path: () => '/reports',
    show: (page) => waitFor(first(page, 'link', /^Ver reporte de /)),
  },
  {
    name: 'Reporte',
    who: 'admin',
    path: (ids) => `/report/${ids.evaluation}/${ids.person}`,
    show: (page) => waitFor(named(page, 'Preguntas')),
  },
  {
    name: 'Historial de Evaluaciones',
    who: 'admin',
    path: () => '/evaluation-history',
    show: async (page) => {
      await first(page, 'button', /^Ver historial de /).click();
      await first(page, 'link', /^Ver reporte de /).waitFor();
    },
  },
  {
    name: 'Historial de un colaborador',
    who: 'admin',
    path: (ids) => `/evaluation-history/${ids.person}`,
    show: (page) => waitFor(first(page, 'link', /^Ver reporte de /)),
  },
  {
    name: 'Reporte de Capacitación',
    who: 'admin',
    path: () => '/training-report',
    show: (page) => waitFor(first(page, 'link', /^Ver reporte de /)),
  },
  {
    name: 'Evaluaciones 360 y plantillas',
    who: 'admin',
    path: () => '/evaluations-v2',
    show: async (page) => {
      await first(page, 'button', /^Más acciones de /).waitFor();
      await first(page, 'button', /^Renombrar /).waitFor();
    },
  },
  {
    name: 'Asignaciones 360 (lote)',
    who: 'admin',
    path: (ids) => `/evaluations-v2/${ids.v2}/assignments`,
    show: (page) => waitFor(named(page, 'Asignaciones actuales')),
  },
  {
    name: 'Asignaciones 360 por persona',
    who: 'admin',
    path: (ids) => `/v2/assignments/${ids.v2}`,
    // With the raters each person has (issue 30 §7), once the counts have come.
    show: async (page) => {
      await waitFor(first(page, 'button', /^Asignar evaluadores a /));
      await waitFor(
        page
          .getByRole('main')
          .getByText(/^(\d+ \(\d+ respondi(ó|eron)\)|Sin evaluadores)$/)
          .first(),
      );
    },
  },
  {
    name: 'Ítems de una evaluación 360 abierta',
    who: 'admin',
    path: (ids) => `/evaluations-v2/${ids.v2}/items`,
    show: (page) => waitFor(named(page, 'Ítems de la evaluación')),
  },
  {
    name: 'Resultados 360',
    who: 'admin',
    path: (ids) => `/evaluations-v2/${ids.v2}/results`,
    show: (page) => waitFor(first(page, 'link', /^Ver resultados de /)),
  },
  {
    name: 'Publicación de resultados 360',
    who: 'admin',
    path: (ids) => `/evaluations-v2/${ids.v2}/publicacion`,
    show: (page) => waitFor(named(page, 'Por persona')),
  },
  {
    name: 'Resultados 360 de una persona',
    who: 'admin',
    path: (ids) => `/evaluations-v2/${ids.v2}/results/${ids.colaborador}`,
    show: async (page) => {
      await named(page, 'Resultados por grupo de evaluadores').waitFor();
      await named(page, 'Resultados por pregunta').waitFor();
    },
  },
  {
    name: 'Snapshots y su detalle',
    who: 'admin',
    path: (ids) => `/admin/evaluations/${ids.v2}/snapshots`,
    show: async (page) => {
      await first(page, 'button', /^Ver detalle de /).click();
      await named(page, /^(Resultados|Avance) por persona de /).waitFor();
    },
  },
  {
    name: 'Auditoría con un cambio abierto',
    who: 'admin',
    path: () => '/audit',
    show: async (page) => {
      await first(page, 'button', /^Ver cambios: /).click();
      await first(page, 'button', /^Ocultar cambios: /).waitFor();
    },
  },
  {
    name: 'Correos con un correo abierto',
    who: 'admin',
    path: () => '/correos',
    show: async (page) => {
      // A message of its own: an access link to the demo's colaborador (no other mail is certain).
      const users = onePage(
        await call(page, userEndpoints.list, { query: { role: 'colaborador', page: 1 } }),
      );
      // Answers 202 (call checks the endpoint's status).
      await call(page, accessEndpoints.accessLink, { params: { id: users.rows[0]!.id } });
      await page.reload();
      await first(page, 'button', /^Ver el correo /).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reenviar' }).waitFor();
    },
  },
  {
    name: 'Realizar Evaluación (V1)',
    who: 'evaluador',
    path: () => '/evaluation-form',
    show: (page) => waitFor(first(page, 'button', /^Evaluar a /)),
  },
  {
    name: 'Realizar Evaluación (V2): Tus asignaciones',
    who: 'colaborador',
    path: () => '/evaluation-form-v2',
    show: (page) => waitFor(first(page, 'button', /^Evaluar a /)),
  },
  {
    name: 'Mi Perfil: Mis evaluaciones',
    who: 'colaborador',
    path: () => '/profile',
    show: (page) => waitFor(named(page, 'Mis evaluaciones').getByRole('link').first()),
  },
];

/** The V1 'Evaluaciones' list (features/evaluations), converted separately. */
const EVALUATIONS: Screen = {
  name: 'Evaluaciones (V1)',
  who: 'admin',
  path: () => '/evaluations',
  show: (page) => waitFor(first(page, 'button', /^Eliminar /)),
};

/** Lets the lists measure themselves after a resize (a resize observer, then React). */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

async function expectFits(page: Page, label: string): Promise<void> {
  await settle(page);
  await expectAllWithinWidth(page.getByRole('main'), label);
  await expectNoHorizontalOverflow(page, label);
}

describeInChromium('every list fits at 1366, 1024 and 375 px', () => {
  const app = useDemoApp();
  const opened = new Map<string, OpenPage>();
  let demoIds: DemoIds | undefined;

  afterAll(async () => {
    for (const { context } of opened.values()) await context.close();
  });

  /** The role's signed-in page: a desktop one (resized) or a phone. */
  async function pageOf(who: Who, phone: boolean): Promise<Page> {
    const key = `${who}:${phone ? 'phone' : 'desktop'}`;
    let open = opened.get(key);
    if (!open) {
      open = await app.signIn(who, /\/(home|dashboard)$/, phone ? PHONE : { viewport: WIDE });
      opened.set(key, open);
    }
    return open.page;
  }

  async function ids(): Promise<DemoIds> {
    if (demoIds) return demoIds;
    const admin = await pageOf('admin', false);
    const me = async (who: Who) => (await call(await pageOf(who, false), authEndpoints.me)).id;
    const v2 = (await call(admin, v2EvaluationEndpoints.list)).rows.find((e) => e.status === 'open');
    const people = onePage(
      await call(admin, historyEndpoints.collaborators, { query: { page: 1, pageSize: 10 } }),
    );
    const person = people.rows[0]!.collaborator_id;
    const history = await call(admin, historyEndpoints.ofUser, { params: { userId: person } });
    expect(v2, 'la evaluación 360 abierta de la demo').toBeDefined();
    demoIds = {
      evaluador: await me('evaluador'),
      colaborador: await me('colaborador'),
      v2: v2!.id,
      person,
      evaluation: history[0]!.evaluation_id,
    };
    return demoIds;
  }

  async function checkScreen(screen: Screen): Promise<void> {
    const path = screen.path(await ids());
    const desktop = await pageOf(screen.who, false);
    await desktop.setViewportSize(WIDE);
    await desktop.goto(path);
    await screen.show(desktop);
    await expectFits(desktop, `${screen.name} a 1366 px`);
    await desktop.setViewportSize(MEDIUM);
    await expectFits(desktop, `${screen.name} a 1024 px`);

    const phone = await pageOf(screen.who, true);
    await phone.goto(path);
    await screen.show(phone);
    await expectFits(phone, `${screen.name} a 375 px`);
    await expectNoAxeViolations(phone, `${screen.name} (375 px)`);
    expect(pageProblems(desktop)).toEqual([]);
    expect(pageProblems(phone)).toEqual([]);
  }

  for (const screen of SCREENS) it(`fits ${screen.name} (${screen.who})`, () => checkScreen(screen));

  it('fits the V1 Evaluaciones list', () => checkScreen(EVALUATIONS));
});
