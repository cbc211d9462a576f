import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { useMe } from '../api/session';
import UnauthorizedPage from '../features/errors/UnauthorizedPage';
import { mayOpen, type ScreenRoute } from './route-table';
import { ScreenTitleContext } from '../components/screen-title';

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Cargando página" />
    </Center>
  );
}

/** A screen behind its guard: no session → /login; wrong role → Acceso Denegado. */
export function Guarded({ screen }: { screen: ScreenRoute }) {
  const { data: me } = useMe();
  const params = useParams();
  const { Page } = screen;
  if (!me) return <Navigate to="/login" replace />;
  if (!mayOpen(screen.access, me, params)) return <UnauthorizedPage />;
  return (
    <ScreenTitleContext.Provider value={screen.title}>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </ScreenTitleContext.Provider>
  );
}
