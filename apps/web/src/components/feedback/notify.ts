import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Cerrar notificación' };

/** Toasts: green for success, blue for what is only said, red for errors; the close button has a name. */
export const notify = {
  success: (message: string) => notifications.show({ color: 'green', message, closeButtonProps }),
  info: (message: string) => notifications.show({ color: 'blue', message, closeButtonProps }),
  error: (message: string) => notifications.show({ color: 'red', message, closeButtonProps }),
};
