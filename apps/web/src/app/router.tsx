import { Center, Text } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { useMe } from '../api/session';
import { shellMessages as messages } from '../i18n/shell-messages';
import { Guarded, PageLoader } from './Guarded';
import { SCREENS } from './route-table';

// The signed-in frame (AppShell, side menu, inactivity logout) is a chunk of its own, so the login
// screen does not download it.
const Layout = lazy(() => import('./Layout').then((m) => ({ default: m.Layout })));

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SetupPage = lazy(() => import('../features/setup/SetupPage'));
// The pages a single-use e-mail link or the login's '¿Olvidaste tu contraseña?' opens: no session.
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const ActivatePage = lazy(() => import('../features/auth/ActivatePage'));
import UnauthorizedPage from '../features/errors/UnauthorizedPage';
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));

/** Shows 'Cargando...' until the session is known (SPEC §2). */
function SessionGate() {
  const { isPending } = useMe();
  if (isPending) {
    return (
      <Center h="100vh">
        <Text>{messages.loading}</Text>
      </Center>
    );
  }
  return <Outlet />;
}

function lazyPage(Page: React.ComponentType) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/**
 * The route tree. Routes only render elements (no loaders, actions or fetchers), so the app uses
 * the declarative <BrowserRouter> + useRoutes: the data router (createBrowserRouter) would add about
 * 16 kB of gzipped code to every screen for nothing.
 */
const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: lazyPage(LoginPage) },
      { path: '/setup', element: lazyPage(SetupPage) },
      { path: '/recuperar-contrasena', element: lazyPage(ForgotPasswordPage) },
      { path: '/restablecer-contrasena', element: lazyPage(ResetPasswordPage) },
      { path: '/activar', element: lazyPage(ActivatePage) },
      {
        element: lazyPage(Layout),
        children: [
          ...SCREENS.map((screen) => ({ path: screen.path, element: <Guarded screen={screen} /> })),
          { path: '/unauthorized', element: lazyPage(UnauthorizedPage) },
          { path: '*', element: lazyPage(NotFoundPage) },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
