import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  /** Red for what destroys or cannot be undone (the default); the primary colour otherwise. */
  tone?: 'danger' | 'primary';
  /** The name of the dialog's close (×) button, when 'Cerrar' would sound like the confirmation. */
  dismissLabel?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the person should know before confirming, under the message (figures, names). */
  children?: ReactNode;
}

/** The one confirmation before anything destructive. Its header is a plain div (one banner per page). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  loading,
  tone = 'danger',
  dismissLabel = 'Cerrar',
  onConfirm,
  onCancel,
  children,
}: Props) {
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={dismissLabel} />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            <Text>{message}</Text>
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancelar
              </Button>
              <Button color={tone === 'danger' ? 'red' : undefined} onClick={onConfirm} loading={loading}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
