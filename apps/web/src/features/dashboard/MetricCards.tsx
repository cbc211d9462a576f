import type { DashboardMetrics } from '@evalua/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '../../i18n/format';
import { formatAverage } from './format';

interface Card {
  label: string;
  value: string;
}

function cardsOf(m: DashboardMetrics): Card[] {
  return [
    { label: 'Promedio general', value: formatAverage(m.overall_average) },
    { label: 'Colaboradores activos', value: formatNumber(m.total_active_collaborators) },
    { label: 'Evaluadores activos', value: formatNumber(m.total_active_evaluators) },
    { label: 'Necesitan capacitación', value: formatNumber(m.total_needing_training) },
    { label: 'Evaluaciones completadas', value: formatNumber(m.total_completed_evaluations) },
    // Issue 18: pending V1 and 360 work past its due date (decision 033).
    { label: 'Pendientes vencidas', value: formatNumber(m.overdue_v1_pending + m.overdue_v2_pending) },
  ];
}

/**
 * The five figures of the round in progress (SPEC §3) and the pending work past its due date, each
 * a description list (label, then value).
 */
export function MetricCards({ metrics }: { metrics: DashboardMetrics }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md">
      {cardsOf(metrics).map((card) => (
        <Paper component="dl" key={card.label} withBorder p="md" radius="md" m={0}>
          <Text component="dt" size="sm" c="dimmed" fw={500}>
            {card.label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.3}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
