import { Center, Text } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { Navigate, Outlet, createBrowserRouter } from 'react-router';
import { useMe } from '../api/session';
import { messages } from '../i18n/messages';
import { Guarded, PageLoader } from './Guarded';
import { Layout } from './Layout';
import { SCREENS } from './route-table';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SetupPage = lazy(() => import('../features/setup/SetupPage'));
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

export const router = createBrowserRouter([
  {
    element: <SessionGate />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: lazyPage(LoginPage) },
      { path: '/setup', element: lazyPage(SetupPage) },
      {
        element: <Layout />,
        children: [
          ...SCREENS.map((screen) => ({ path: screen.path, element: <Guarded screen={screen} /> })),
          { path: '/unauthorized', element: lazyPage(UnauthorizedPage) },
          { path: '*', element: lazyPage(NotFoundPage) },
        ],
      },
    ],
  },
]);
