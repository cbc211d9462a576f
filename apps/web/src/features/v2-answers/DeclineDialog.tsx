import { V2_DECLINE_REASON_MAX, type V2MyAssignment } from '@evalua/contracts';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { v2AnswerMessages } from '../../i18n/v2-answers-messages';

interface Props {
  assignment: V2MyAssignment;
  opened: boolean;
  sending: boolean;
  /** The server's refusal, if any. */
  error: string | null;
  onDecline: (reason: string) => void;
  onCancel: () => void;
}

/** 'Rechazar solicitud': the reason (required, at most 500 characters) that HR will read. */
export function DeclineDialog({ assignment, opened, sending, error, onDecline, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onDecline(reason.trim());
  };
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{v2AnswerMessages.declineTitle}</Modal.Title>
          <Modal.CloseButton aria-label="Cerrar" />
        </Modal.Header>
        <Modal.Body>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack>
              <Text size="sm">{v2AnswerMessages.declineIntro(assignment.evaluatee_name)}</Text>
              <Textarea
                label={v2AnswerMessages.reasonLabel}
                required
                value={reason}
                maxLength={V2_DECLINE_REASON_MAX}
                autosize
                minRows={3}
                data-autofocus
                error={missing && reason.trim() === '' ? v2AnswerMessages.reasonRequired : undefined}
                description={`${reason.length}/${V2_DECLINE_REASON_MAX}`}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onCancel}>
                  Cancelar
                </Button>
                <Button type="submit" color="red" loading={sending}>
                  {v2AnswerMessages.declineConfirm}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
