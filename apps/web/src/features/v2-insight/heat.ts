import type { V2InsightCell } from '@evalua/contracts';
import { formatNumber, formatPercent } from '../../i18n/format';

/**
 * The heatmap's colour bands (the results' SCORE_BANDS): a diverging orange → grey → blue scale that
 * colour-blind readers tell apart, all light enough for the dark text each cell carries (contrast
 * above 7:1). The colour only repeats the figure written in the cell.
 */
export const HEAT_BANDS = [
  { label: '0–59 %', max: 60, color: '#f9c9a0' },
  { label: '60–69 %', max: 70, color: '#fde4cf' },
  { label: '70–79 %', max: 80, color: '#eceff3' },
  { label: '80–89 %', max: 90, color: '#cfe1f3' },
  { label: '90–100 %', max: Infinity, color: '#a3c8ea' },
] as const;

/** The background of a figure's cell; none without a figure. */
export function heatColor(value: number | null): string | undefined {
  if (value === null) return undefined;
  return HEAT_BANDS.find((b) => value < b.max)!.color;
}

/** A 0-100 figure as the cells write it (2 decimals, es-DO). */
export const pct = (value: number) => formatPercent(value);

/** What a heatmap cell writes: the figure, 'Oculto' when withheld, '—' with nothing scored. */
export function cellText(cell: V2InsightCell): string {
  if (cell.state === 'withheld') return 'Oculto';
  if (cell.value === null) return '—';
  return `${pct(cell.value)}${cell.flagged ? ' *' : ''}`;
}

/** A change in points, with its sign: '+10.56 puntos', '−3.00 puntos'. */
export function signedPoints(value: number): string {
  const text = formatNumber(Math.abs(value), 2);
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text} puntos`;
}
