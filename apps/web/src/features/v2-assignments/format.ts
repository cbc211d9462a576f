import {
  RELATION_LABELS,
  V2_ASSIGNMENT_STATUS_LABELS,
  type Relation,
  type V2AssignmentStatus,
} from '@evalua/contracts';
import { ApiError } from '../../api/client';

/** An evaluation or user id from the address: a positive integer, or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The relation's Spanish label; '-' when there is none (SPEC §2). */
export function relationLabel(relation: Relation | null | undefined): string {
  return relation ? RELATION_LABELS[relation] : '-';
}

/** The status as stored ('pending' by default) and its Spanish label. */
export function statusOf(status: V2AssignmentStatus | null | undefined): {
  value: V2AssignmentStatus;
  label: string;
} {
  const value = status ?? 'pending';
  return { value, label: V2_ASSIGNMENT_STATUS_LABELS[value] };
}

/** Blank department or position: '—'. */
export const dash = (v: string | null | undefined) => (v && v.trim() ? v : '—');

/**
 * SPEC §8 for these screens: the server's error field (any 4xx, and the CSRF sentences of the
 * client), otherwise the screen's own message (network failure, 5xx).
 */
export function serverErrorOr(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  if (err.status >= 400 && err.status < 500) return err.message;
  return err.code.startsWith('CSRF') ? err.message : fallback;
}
