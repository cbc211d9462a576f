/**
 * The render tests' environment (the `web` project's setup file; it does nothing in a test that runs
 * without a DOM): what jsdom lacks and Mantine needs (matchMedia, ResizeObserver, scrollIntoView,
 * document.fonts),
 * window.alert recorded instead of "not implemented", and after each test the screen unmounted, the
 * real fetch client back, and the test failed if the fake API saw a call it could not answer.
 */
import { afterEach } from 'vitest';
import type { FakeApi } from './fake-api';

interface Installed {
  api: FakeApi | null;
  alerts: string[] | null;
}

/**
 * What renderScreen installed for the running test. Kept on globalThis: the test files of a worker
 * share their modules (no isolation), while this setup file runs again for each of them, so every
 * copy of this module must see the same record.
 */
export const installed: Installed = ((
  globalThis as { __evaluaRenderInstalled?: Installed }
).__evaluaRenderInstalled ??= { api: null, alerts: null });

if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });

  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };

  Element.prototype.scrollIntoView ??= function scrollIntoView() {};

  // Mantine's autosizing Textarea listens for web fonts loading.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

  window.alert = (message?: unknown) => {
    installed.alerts?.push(String(message));
  };

  const { cleanup, configure } = await import('@testing-library/react');
  // findBy… waits for what the screen shows after the fake API answers: generous on a busy machine
  // (it returns as soon as the element is there).
  configure({ asyncUtilTimeout: 15_000 });
  const { setApiTransport } = await import('../api/client');
  const { notifications } = await import('@mantine/notifications');

  afterEach(() => {
    cleanup();
    notifications.clean(); // the toasts' store outlives the screen
    setApiTransport(null);
    const problems = installed.api?.problems ?? [];
    installed.api = null;
    installed.alerts = null;
    if (problems.length > 0) throw new Error(`La API falsa:\n${problems.join('\n')}`);
  });
}
