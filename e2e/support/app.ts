import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  apiLogin,
  browserAvailable,
  launchBrowser,
  login,
  newPage,
  type OpenPage,
  type PageOptions,
} from './browser';
import { waitForDemoLogins, type DemoLogins, type DemoRole } from './demo';
import { startServer, type RunningServer } from './server';

/**
 * The describe block of a browser test file: skipped when Chromium is not installed (a failure with
 * REQUIRE_BROWSER=1, as in CI). Inside it, `useDemoApp()` or `useFirstRunApp()` starts what the tests use.
 */
export const describeInChromium = describe.skipIf(!browserAvailable());

/** The built app and a Chromium, started for one describe block. */
export interface App {
  readonly origin: string;
  /** Everything the server has printed so far (e.g. the first-run link). */
  output(): string;
  /** A new page on the app, without a session, in a context of its own. */
  newPage(options?: PageOptions): Promise<OpenPage>;
}

/** Someone to sign in: a demo login by role, or any person (with the demo password unless given). */
export type Who = DemoRole | { email: string; password?: string };

/** The app with the demo school: one login per role, all with the same password. */
export interface DemoApp extends App {
  /** The logins the demo printed. */
  readonly logins: DemoLogins;
  /**
   * A new page signed in as `who` through the API (the session cookie in its context), opened where the
   * login screen sends that role, once it has landed on `landing` (a path or a URL pattern).
   */
  signIn(who: Who, landing: string | RegExp, options?: PageOptions): Promise<OpenPage>;
  /** The same through the login screen itself: for the tests of signing in. */
  signInWithForm(who: Who, landing: string | RegExp, options?: PageOptions): Promise<OpenPage>;
}

/** Starts the app and Chromium before the block's tests and stops both after them: one of each per file. */
function useApp(demo: boolean, env?: () => Record<string, string>): { app: App; logins: () => DemoLogins } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let logins: DemoLogins | undefined;

  beforeAll(async () => {
    server = await startServer({ demo, ...(env ? { env: env() } : {}) });
    if (demo) logins = await waitForDemoLogins(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('la app de las pruebas e2e se usa dentro de una prueba o hook');
    return value;
  };
  return {
    app: {
      get origin() {
        return ready(server).origin;
      },
      output: () => ready(server).output.join(''),
      newPage: (options) => newPage(ready(browser), ready(server).origin, options),
    },
    logins: () => ready(logins),
  };
}

/** The demo school (`npm run demo`) and a browser, for the tests of one describe block. */
export function useDemoApp(options: { env?: () => Record<string, string> } = {}): DemoApp {
  const { app, logins } = useApp(true, options.env);
  const credentials = (who: Who) =>
    typeof who === 'string'
      ? { email: logins().byRole[who].email, password: logins().password }
      : { email: who.email, password: who.password ?? logins().password };
  return {
    output: app.output,
    newPage: app.newPage,
    get origin() {
      return app.origin;
    },
    get logins() {
      return logins();
    },
    async signIn(who, landing, options) {
      const { email, password } = credentials(who);
      const opened = await app.newPage(options);
      const role = await apiLogin(opened.page, email, password);
      // Where the login screen sends each role (afterSignInPath in apps/web/src/api/session.ts).
      await opened.page.goto(role === 'admin' ? '/dashboard' : '/home');
      await opened.page.waitForURL(typeof landing === 'string' ? `**${landing}` : landing);
      return opened;
    },
    async signInWithForm(who, landing, options) {
      const { email, password } = credentials(who);
      const opened = await app.newPage(options);
      await login(opened.page, email, password);
      await opened.page.waitForURL(typeof landing === 'string' ? `**${landing}` : landing);
      return opened;
    },
  };
}

/** The app on an empty database (before its first administrator) and a browser. */
export function useFirstRunApp(): App {
  return useApp(false).app;
}
