import type { V2Item, V2Scale } from '@evalua/contracts';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { WeightSums } from './WeightSums';
import { sectionLabel, typeLabel } from './form';

const t = messages.v2Items;

interface Props {
  items: V2Item[];
  scales: V2Scale[];
}

function scaleText(item: V2Item, scales: V2Scale[]): string {
  if (item.type !== 'rating') return '—';
  const scale = scales.find((s) => s.id === item.scale_id);
  const bounds = `${item.scale_min}-${item.scale_max}`;
  const name = scale ? scale.name : `Sin escala (${bounds})`;
  const labels = item.scale_labels.filter((l) => l.trim() !== '');
  return labels.length > 0 ? `${name}: ${item.scale_labels.join(' | ')}` : name;
}

/** The items of an evaluation that is no longer a draft: shown, not editable. */
export function ReadOnlyItems({ items, scales }: Props) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2}>Ítems</Title>
        <WeightSums items={items} />
      </Group>
      {items.length === 0 ? (
        <Text>{t.emptyReadOnly}</Text>
      ) : (
        <ScrollTable label="Ítems de la evaluación" minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Pregunta</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Sección</Table.Th>
                <Table.Th>Peso</Table.Th>
                <Table.Th>Escala</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, i) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{item.question_text}</Table.Td>
                  <Table.Td>{typeLabel(item.type)}</Table.Td>
                  <Table.Td>{sectionLabel(item.section)}</Table.Td>
                  <Table.Td>{formatNumber(item.weight, Number.isInteger(item.weight) ? 0 : 2)}</Table.Td>
                  <Table.Td>{scaleText(item, scales)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
