import { formatPercent } from '../../i18n/format';

/** SPEC §9: the dashboard average shows one decimal only when fractional ("77,2 %" but "80 %"). */
export function formatAverage(value: number): string {
  const tenths = Math.round(value * 10);
  return formatPercent(tenths / 10, tenths % 10 === 0 ? 0 : 1);
}
