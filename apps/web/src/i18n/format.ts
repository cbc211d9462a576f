/** es-DO formatting for numbers, percentages and dates: the one place that decides how they look. */
const LOCALE = 'es-DO';

export function formatNumber(value: number, decimals = 0): string {
  return new Intl.NumberFormat(LOCALE, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** A number with up to `maxDecimals` decimals and no trailing zeros ("2,5", "3"). */
export function formatDecimal(value: number, maxDecimals = 2): string {
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxDecimals }).format(value);
}

/** A percentage given as 0-100, with two decimals by default ("87,50 %" style per locale). */
export function formatPercent(value: number, decimals = 2): string {
  return `${formatNumber(value, decimals)} %`;
}

const validDate = (value: string | number): Date | null => {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * A calendar day written YYYY-MM-DD (a due date), as formatDate writes dates ("5 dic 2026"). Read
 * as that day itself, never as a moment: in a time zone behind UTC it must not become the day
 * before. Text that is not such a day comes back unchanged.
 */
export function formatDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const at = validDate(`${day}T00:00:00Z`);
  if (!at) return day;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/**
 * A moment: the date as formatDate writes it and the time of day ("18 nov 2026, 2:05 p. m.");
 * `seconds` adds them (the audit log). Text that is not a date comes back unchanged.
 */
export function formatDateTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const at = validDate(iso);
  if (!at) return iso;
  return new Intl.DateTimeFormat(LOCALE, {
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  }).format(at);
}

/** The time of day with seconds ("2:05:09 p. m."), e.g. when figures were last refreshed. */
export function formatTime(at: string | number): string {
  const date = validDate(at);
  return date ? new Intl.DateTimeFormat(LOCALE, { timeStyle: 'medium' }).format(date) : String(at);
}
