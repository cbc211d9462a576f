import type { V2Summary } from '@evalua/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { pct } from './format';

const t = messages.v2Results;

/**
 * Evaluatees, completion and the overall average of "others", each a description list. Before the
 * close a non-admin gets completion only (released false): no average card.
 */
export function SummaryCards({ summary: s }: { summary: V2Summary }) {
  const released = s.released !== false;
  const all = [
    { label: 'Personas evaluadas', value: formatNumber(s.evaluatees), detail: null },
    {
      label: 'Avance de respuestas',
      value: pct(s.completion_percentage),
      detail: `${formatNumber(s.assignments_completed)} de ${formatNumber(s.assignments_total)} evaluaciones completadas`,
    },
    {
      label: 'Promedio general (Otros)',
      value: pct(s.overall_average),
      detail: s.evaluatees_scored < s.evaluatees ? t.scoredNote(s.evaluatees_scored, s.evaluatees) : null,
    },
  ];
  const cards = released ? all : all.slice(0, 2);
  return (
    <SimpleGrid cols={{ base: 1, sm: cards.length }} spacing="md">
      {cards.map((card) => (
        <Paper component="dl" key={card.label} withBorder p="md" radius="md" m={0}>
          <Text component="dt" size="sm" c="dimmed" fw={500}>
            {card.label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.3}>
            {card.value}
          </Text>
          {card.detail && (
            <Text component="dd" m={0} size="sm" c="dimmed">
              {card.detail}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
