import { formatPercent } from '../../i18n/format';

/** An id from the address: a positive integer, or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A 0-100 figure with 2 decimals (es-DO); '—' when there is none. */
export const pct = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : formatPercent(value);

/** Blank department or position: '—'. */
export const dash = (v: string | null | undefined) => (v && v.trim() ? v : '—');

/**
 * The anonymity threshold, read from the server's hidden_note ('… con menos de 3 evaluaciones
 * completadas …'); null when the note does not say it.
 */
export function thresholdFrom(note: string | undefined): number | null {
  const m = note ? /menos de (\d+)/.exec(note) : null;
  return m ? Number(m[1]) : null;
}
