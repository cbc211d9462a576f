import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { logout, meQueryKey } from '../api/session';
import { shellMessages as messages } from '../i18n/shell-messages';

export const DEFAULT_IDLE_MS = 900_000;
const EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

/** The idle time-out: window.__EVALUA_IDLE_MS__ or localStorage 'evalua.idleMs' (tests), else 15 min. */
export function idleTimeoutMs(): number {
  const fromWindow = (window as Window & { __EVALUA_IDLE_MS__?: unknown }).__EVALUA_IDLE_MS__;
  if (typeof fromWindow === 'number' && fromWindow > 0) return fromWindow;
  const stored = Number(window.localStorage.getItem('evalua.idleMs'));
  return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_IDLE_MS;
}

function clearCookie(name: string): void {
  // A `__Host-` cookie is only accepted (and so only cleared) with Secure and Path=/.
  document.cookie = `${name}=; Max-Age=0; path=/${name.startsWith('__Host-') ? '; Secure' : ''}`;
}

/** SPEC §9: after 15 idle minutes, log out, clear the cookies, tell the user, go to /login. */
export function useInactivityLogout(active: boolean): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An effect event: `navigate` changes on every navigation, and that must not restart the timer.
  const expire = useEffectEvent(async () => {
    await logout('/api/users/logout').catch(() => undefined);
    for (const name of ['session', 'sid', '_csrf', '__Host-csrf']) clearCookie(name);
    window.alert(messages.sessionIdle);
    queryClient.setQueryData(meQueryKey, null);
    void navigate('/login', { replace: true });
  });
  useEffect(() => {
    if (!active) return undefined;
    let timer: number | undefined;
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void expire(), idleTimeoutMs());
    };
    reset();
    for (const e of EVENTS) window.addEventListener(e, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of EVENTS) window.removeEventListener(e, reset);
    };
  }, [active]);
}
