import type { QuestionType } from '@evalua/contracts';
import { Text } from '@mantine/core';
import { formatNumber } from '../../i18n/format';

interface Props {
  items: ReadonlyArray<{ section: QuestionType; weight: number | string }>;
}

const asNumber = (v: number | string) => (typeof v === 'number' ? v : Number(v) || 0);
const show = (n: number) => formatNumber(n, Number.isInteger(n) ? 0 : 2);

/** The sum of the item weights per section, a help while weighting the items. */
export function WeightSums({ items }: Props) {
  const sum = (section: QuestionType) =>
    Math.round(items.filter((i) => i.section === section).reduce((t, i) => t + asNumber(i.weight), 0) * 100) /
    100;
  return (
    <Text size="sm" c="dimmed">
      Suma de pesos — Competencias: {show(sum('competency'))} · Objetivos: {show(sum('objective'))}
    </Text>
  );
}
