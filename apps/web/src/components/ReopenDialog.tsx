import { V1_RELEASE_MESSAGES } from '@evalua/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../i18n/messages';
import { ErrorBanner } from './feedback/ErrorBanner';
import { useActionError } from './feedback/useActionError';

const t = messages.v1Release;
/**
 * At most this many characters (v1ReopenInputSchema's reason). The reason is checked here for what a
 * person can fix before sending (it is required); the server's own refusals show in the dialog. The
 * schema itself is not used: it would bring zod into the report's bundle.
 */
const REASON_MAX = 1000;

interface Props {
  opened: boolean;
  title: string;
  /** What reopening does to this submission (whose it is, who sends it again). */
  intro: string;
  /** Reopens it with the reason given; a failure shows the server's sentence in the dialog. */
  onReopen: (reason: string) => Promise<unknown>;
  /** Closed: cancelled, or reopened (after `onReopen` went through). */
  onClose: () => void;
}

/**
 * Reopening a V1 submission to correct it, before its result is released (decision 050): the
 * reason (required, at most 1000 characters), then 'Reabrir para corregir'. The evaluator's form and
 * HR's report detail both ask it here.
 */
export function ReopenDialog({ opened, title, intro, onReopen, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { error, clear, run } = useActionError();

  const close = () => {
    setReason('');
    setInvalid(null);
    clear();
    onClose();
  };

  const submit = async () => {
    const trimmed = reason.trim();
    if (trimmed === '') {
      setInvalid(V1_RELEASE_MESSAGES.reasonRequired);
      return;
    }
    setInvalid(null);
    setSending(true);
    const done = await run(async () => {
      await onReopen(trimmed);
    }, t.reopenError);
    setSending(false);
    if (done) close();
  };

  return (
    <Modal.Root opened={opened} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Cerrar" />
        </Modal.Header>
        <Modal.Body>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack>
              <Text size="sm">{intro}</Text>
              <Textarea
                label="Motivo de la corrección"
                required
                value={reason}
                maxLength={REASON_MAX}
                autosize
                minRows={3}
                data-autofocus
                error={invalid}
                description={`${reason.length}/${REASON_MAX}`}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              {error && <ErrorBanner>{error}</ErrorBanner>}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Cancelar
                </Button>
                <Button type="submit" loading={sending}>
                  Reabrir para corregir
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
