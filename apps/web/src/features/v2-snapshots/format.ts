import { formatNumber, formatPercent } from '../../i18n/format';

/** How the snapshot screens write figures: es-DO, percentages with 2 decimals, '—' for none. */
export const NONE = '—';

export function pct(value: number | null | undefined): string {
  return value === null || value === undefined ? NONE : formatPercent(value);
}

function signed(value: number, decimals: number): string {
  const rounded = Number(value.toFixed(decimals));
  if (rounded === 0) return formatNumber(0, decimals);
  return `${rounded > 0 ? '+' : '−'}${formatNumber(Math.abs(rounded), decimals)}`;
}

/** A change between two percentages, in points ("+12,50 pts"); '—' when either is missing. */
export function deltaPoints(from: number | null | undefined, to: number | null | undefined): string {
  if (from === null || from === undefined || to === null || to === undefined) return NONE;
  return `${signed(to - from, 2)} pts`;
}

/** A change between two counts ("+1", "0"). */
export function deltaCount(from: number, to: number): string {
  return signed(to - from, 0);
}
