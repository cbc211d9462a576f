import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  title: string;
  size?: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal holding a form; like ConfirmDialog, its header is a plain div (one banner per page). */
export function FormModal({ opened, title, size, onClose, children }: Props) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Cerrar" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
