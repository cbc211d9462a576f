import { Suspense, lazy, useState } from 'react';
import { useMe } from '../api/session';

const AppNotifications = lazy(() => import('./AppNotifications'));

/**
 * Mounts the toasts' container once someone has signed in, and keeps it mounted: only signed-in
 * screens show toasts, so the login screen does not download @mantine/notifications and its
 * transitions. It loads alongside the signed-in layout, before any screen can call notify.
 */
export function DeferredNotifications() {
  const { data: me } = useMe();
  const [wanted, setWanted] = useState(false);
  // Sticky: a toast shown just before signing out stays until it closes.
  if (me && !wanted) setWanted(true);
  if (!wanted && !me) return null;
  return (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  );
}
