import { MAIL_MESSAGES, OUTBOX_STATUS_LABELS, type OutboxStatus } from '@evalua/contracts';
import { Badge, Group } from '@mantine/core';

/** Filled badges with white text, each at least 4.5:1 (gray 7.9:1, blue 6.4:1, green 7:1, red 6.1:1). */
const COLORS: Record<OutboxStatus, string> = {
  pendiente: '#495057',
  enviando: '#1864ab',
  enviado: '#1e6b30',
  fallido: '#c92a2a',
};

/** A message's status in Spanish: Pendiente, Enviando, Enviado, Fallido. */
export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="filled"
      tt="none"
      size="md"
      styles={{ label: { overflow: 'visible' } }}
    >
      {OUTBOX_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * A message's status and, when an attempt was cut off after the mail server may have accepted it,
 * 'Posible duplicado' (decision 044), whose title says what it means.
 */
export function OutboxStatusBadges({
  status,
  possibleDuplicate,
}: {
  status: OutboxStatus;
  possibleDuplicate: boolean;
}) {
  return (
    <Group gap={4} wrap="wrap">
      <OutboxStatusBadge status={status} />
      {possibleDuplicate && (
        <Badge
          color="#8a4b00"
          variant="outline"
          tt="none"
          size="md"
          title={MAIL_MESSAGES.possibleDuplicateHelp}
          styles={{ label: { overflow: 'visible' } }}
        >
          {MAIL_MESSAGES.possibleDuplicate}
        </Badge>
      )}
    </Group>
  );
}
