import {
  QUESTION_TYPE_LABELS,
  V2_RESULT_GROUPS,
  V2_RESULT_GROUP_LABELS,
  type V2ItemResult,
  type V2ResultGroup,
} from '@evalua/contracts';
import { Table, Text } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { pct } from './format';

const t = messages.v2Results;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

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
    <ScrollTable label="Resultados por pregunta" minWidth={760}>
      <Table striped aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Pregunta</Table.Th>
            <Table.Th scope="col">Sección</Table.Th>
            <Table.Th scope="col">Autoevaluación</Table.Th>
            <Table.Th scope="col">Otros</Table.Th>
            {groups.map((g) => (
              <Table.Th scope="col" key={g}>
                {V2_RESULT_GROUP_LABELS[g]}
              </Table.Th>
            ))}
            <Table.Th scope="col">N/A</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.item_id}>
              <Table.Th scope="row" fw={400}>
                {item.question_text}
              </Table.Th>
              <Table.Td>{QUESTION_TYPE_LABELS[item.section]}</Table.Td>
              <Table.Td style={NOWRAP}>{pct(item.self_average)}</Table.Td>
              <Table.Td style={NOWRAP}>{othersHidden ? 'Oculto' : pct(item.others_average)}</Table.Td>
              {groups.map((g) => (
                <Table.Td key={g} style={NOWRAP}>
                  {pct(item.by_relation[g])}
                </Table.Td>
              ))}
              <Table.Td>{formatNumber(item.na_count)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
