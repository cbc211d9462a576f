/** es-DO formatting for numbers, percentages and dates: the one place that decides how they look. */
const LOCALE = 'es-DO';

export function formatNumber(value: number, decimals = 0): string {
  return new Intl.NumberFormat(LOCALE, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** A percentage given as 0-100, with two decimals by default ("87,50 %" style per locale). */
export function formatPercent(value: number, decimals = 2): string {
  return `${formatNumber(value, decimals)} %`;
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' }).format(new Date(iso));
}
