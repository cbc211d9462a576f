/** es-DO figures for documents: the same rules as the web app's i18n/format.ts. */
const LOCALE = 'es-DO';

// Built once: an Intl formatter costs far more to create than to use (a report formats ~60 figures).
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const byDecimals = new Map<number, Intl.NumberFormat>([[2, twoDecimals]]);
const longDateTime = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Santo_Domingo',
});

export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${twoDecimals.format(value)} %`;
}

export function decimal(value: number, decimals = 2): string {
  let format = byDecimals.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    byDecimals.set(decimals, format);
  }
  return format.format(value);
}

export function dateTime(date: Date): string {
  return longDateTime.format(date);
}
