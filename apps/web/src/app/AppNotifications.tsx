import { Notifications } from '@mantine/notifications';

/** The toasts' container (components/feedback/notify.ts), in a chunk of its own: the login screen never shows one. */
export default function AppNotifications() {
  return <Notifications position="top-right" limit={3} autoClose={3000} />;
}
