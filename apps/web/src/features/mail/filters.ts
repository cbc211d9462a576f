import { OUTBOX_STATUSES, OUTBOX_STATUS_LABELS, type OutboxStatus } from '@evalua/contracts';
import type { OutboxListQuery } from '../../api/queries/outbox';

/** The status filter's options, in the Spanish of the contract. */
export const STATUS_OPTIONS = OUTBOX_STATUSES.map((status) => ({
  value: status,
  label: OUTBOX_STATUS_LABELS[status],
}));

export function isOutboxStatus(value: string | null): value is OutboxStatus {
  return OUTBOX_STATUSES.some((s) => s === value);
}

/** The list call's query: only what is set is sent. */
export function outboxQuery(
  status: string | null,
  q: string,
  page: number,
  pageSize: number,
): OutboxListQuery {
  return {
    page,
    pageSize,
    ...(isOutboxStatus(status) ? { status } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
}
