import { meResponseSchema, type Me, type Role } from '@evalua/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { matchPath, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setApiTransport } from '../api/client';
import { meQueryKey } from '../api/session';
import { Guarded } from '../app/Guarded';
import { SCREENS } from '../app/route-table';
import { ScreenTitleContext } from '../components/screen-title';
import { cssVariablesResolver, theme } from '../app/theme';
import { FakeApi } from './fake-api';
import { installed } from './render-setup';

/** The signed-in user of a screen: a valid `Me` of that role (fields overridable). */
export function meAs(role: Role, extra: Partial<Me> = {}): Me {
  return meResponseSchema.parse({
    id: 1,
    name: 'Ana Pérez',
    email: 'ana@example.com',
    role,
    position: null,
    department: null,
    category_id: null,
    status: true,
    has_v2_assignments: false,
    password_set_by_other: false,
    support_email: null,
    ...extra,
  });
}

export interface ScreenOptions {
  /** The fake API the screen calls (one is made when absent). */
  api?: FakeApi;
  /**
   * Where the screen is: the URL, and the route pattern it is mounted at when it reads parameters
   * (`{ path: '/evaluations-v2/:id/publicacion', url: '/evaluations-v2/7/publicacion' }`).
   */
  route?: string | { path: string; url: string };
  /** Who is signed in (null: nobody); the session query answers it without a call. */
  me?: Me | null;
  /** The screen's title (what the route table gives it). */
  title?: string;
}

export interface Screen extends RenderResult {
  api: FakeApi;
  user: UserEvent;
  queryClient: QueryClient;
  /** The router's location now (path and search), to see where a screen went. */
  location: () => string;
  /** The texts of every window.alert the screen showed. */
  alerts: string[];
}

/**
 * Renders a screen as the app does — Mantine (env test: no transitions, no portals), React Query,
 * a memory router, the session and the toasts — with every API call going to a FakeApi.
 */
export function renderScreen(ui: ReactElement, options: ScreenOptions = {}): Screen {
  const api = options.api ?? new FakeApi();
  installed.api = api;
  setApiTransport(api.transport);
  const alerts: string[] = [];
  installed.alerts = alerts;

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  queryClient.setQueryData(meQueryKey, options.me === undefined ? meAs('admin') : options.me);

  const route = options.route ?? '/';
  const url = typeof route === 'string' ? route : route.url;
  const path = typeof route === 'string' ? '*' : route.path;
  const here = { current: url };
  function Where() {
    const location = useLocation();
    here.current = `${location.pathname}${location.search}`;
    return null;
  }
  const wrap = (children: ReactNode) => (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <MemoryRouter initialEntries={[url]}>
          <Where />
          <ScreenTitleContext.Provider value={options.title ?? 'Evalúa'}>
            <Routes>
              <Route path={path} element={children} />
              {path !== '*' && <Route path="*" element={null} />}
            </Routes>
          </ScreenTitleContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );

  // No pause between a user's key presses and clicks: the screens wait for nothing in between.
  const user = userEvent.setup({ delay: null });
  const result = render(wrap(ui));
  return { ...result, api, user, queryClient, location: () => here.current, alerts };
}

/**
 * The screen the app shows at `url`, as the router does: the route table's entry, behind its guard
 * (who may open it, else 'Acceso Denegado'), with its title and parameters.
 */
export function renderRoute(url: string, options: Omit<ScreenOptions, 'route' | 'title'> = {}): Screen {
  const pathname = url.split('?')[0] ?? url;
  const entry = SCREENS.find((s) => matchPath(s.path, pathname));
  if (!entry) throw new Error(`Ninguna pantalla en ${url}`);
  return renderScreen(<Guarded screen={entry} />, {
    ...options,
    route: { path: entry.path, url },
    title: entry.title,
  });
}

/**
 * The row of a ResponsiveTable (a table row, or a card where the list is cards) whose cell or
 * heading reads `name` exactly.
 */
export async function findRow(name: string): Promise<HTMLElement> {
  const cells = await screen.findAllByText(name, { selector: 'td, th, h2, h3, h4, h5, h6, p, span' });
  const row = cells.map((cell) => cell.closest<HTMLElement>('tr, article')).find((r) => r !== null);
  if (!row) throw new Error(`Ninguna fila dice «${name}»`);
  return row;
}
