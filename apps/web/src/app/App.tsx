import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate, type NavigateFunction } from 'react-router';
import { ApiError, setUnauthorizedHandler } from '../api/client';
import { meQueryKey } from '../api/session';
import { shellMessages as messages } from '../i18n/shell-messages';
import { DeferredNotifications } from './DeferredNotifications';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

/** The router's navigate, for code outside React (the 401 handler); set once the router is mounted. */
let navigateOutside: NavigateFunction | null = null;

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateOutside = navigate;
  }, [navigate]);
  return null;
}

// SPEC §8: a 401 outside /login and / → alert, forget the session, go to /login (once per burst).
let handling = false;
setUnauthorizedHandler(() => {
  if (handling) return;
  handling = true;
  window.alert(messages.sessionExpired);
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
  if (!navigateOutside) {
    window.location.replace('/login');
    return;
  }
  void Promise.resolve(navigateOutside('/login', { replace: true })).finally(() => {
    handling = false;
  });
});

/** The style nonce the server put in index.html (CSP: no inline style without it). */
function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
}

// Mantine's modals lock scrolling with react-remove-scroll, which injects a <style> of its own
// through react-style-singleton; get-nonce hands it the same nonce so the CSP lets it through.
setNonce(styleNonce());

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={styleNonce}>
      <QueryClientProvider client={queryClient}>
        <DeferredNotifications />
        <BrowserRouter>
          <NavigationBridge />
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
