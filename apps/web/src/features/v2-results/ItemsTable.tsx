import {
  QUESTION_TYPE_LABELS,
  V2_RESULT_GROUPS,
  V2_RESULT_GROUP_LABELS,
  type V2ItemResult,
  type V2ResultGroup,
} from '@evalua/contracts';
import { Text } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { pct } from './format';

const t = messages.v2Results;

interface Props {
  items: V2ItemResult[];
  /** "Otros" has answers this viewer may not see: its cells say so instead of showing a figure. */
  othersHidden: boolean;
  labelledBy: string;
}

/** The groups with a column: those the server gave for any item (never self: it has its own). */
function groupColumns(items: readonly V2ItemResult[]): V2ResultGroup[] {
  return V2_RESULT_GROUPS.filter((g) => g !== 'self' && items.some((i) => g in i.by_relation));
}

/** Each question's averages (0-100 %): self, others, every visible group, and its N/A answers. */
export function ItemsTable({ items, othersHidden, labelledBy }: Props) {
  if (items.length === 0) return <Text>{t.noItems}</Text>;
  const groups = groupColumns(items);
  return (
    <ResponsiveTable
      labelledBy={labelledBy}
      rows={items}
      rowKey={(item) => item.item_id}
      columns={[
        { header: 'Pregunta', title: true, rowHeader: true, fw: 400, cell: (item) => item.question_text },
        { header: 'Sección', cell: (item) => QUESTION_TYPE_LABELS[item.section] },
        { header: 'Autoevaluación', nowrap: true, cell: (item) => pct(item.self_average) },
        {
          header: 'Otros',
          nowrap: true,
          cell: (item) => (othersHidden ? 'Oculto' : pct(item.others_average)),
        },
        ...groups.map((g) => ({
          header: V2_RESULT_GROUP_LABELS[g],
          nowrap: true,
          cell: (item: V2ItemResult) => pct(item.by_relation[g]),
        })),
        { header: 'N/A', cell: (item) => formatNumber(item.na_count) },
      ]}
    />
  );
}
