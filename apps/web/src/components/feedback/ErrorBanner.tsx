import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** When given, the banner gets a close button named "Cerrar aviso". */
  onClose?: () => void;
}

/** The red error banner (role="alert") of SPEC §8, optionally closable. */
export function ErrorBanner({ children, onClose }: Props) {
  return (
    <Alert
      color="red"
      role="alert"
      withCloseButton={onClose !== undefined}
      closeButtonLabel={onClose ? 'Cerrar aviso' : undefined}
      onClose={onClose}
    >
      {children}
    </Alert>
  );
}
