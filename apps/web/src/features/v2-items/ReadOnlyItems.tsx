import type { V2Item, V2Scale } from '@evalua/contracts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
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
        <ResponsiveTable
          label="Ítems de la evaluación"
          rows={items}
          rowKey={(item) => item.id}
          cardTitle={(_, i) => `Ítem ${i + 1}`}
          columns={[
            { header: '#', title: true, cell: (_, i) => i + 1 },
            { header: 'Pregunta', cell: (item) => item.question_text },
            { header: 'Tipo', cell: (item) => typeLabel(item.type) },
            { header: 'Sección', cell: (item) => sectionLabel(item.section) },
            {
              header: 'Peso',
              cell: (item) => formatNumber(item.weight, Number.isInteger(item.weight) ? 0 : 2),
            },
            { header: 'Escala', cell: (item) => scaleText(item, scales) },
          ]}
        />
      )}
    </Stack>
  );
}
