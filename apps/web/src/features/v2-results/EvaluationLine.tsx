import type { V2Status } from '@evalua/contracts';
import { Group, Text } from '@mantine/core';
import { V2StatusBadge as StatusBadge } from '../../components/V2StatusBadge';

interface Props {
  name: string;
  period: string;
  status: V2Status;
}

/** The evaluation a results screen is about: name, period and status. */
export function EvaluationLine({ name, period, status }: Props) {
  return (
    <Group gap="sm" align="center">
      <Text size="lg" fw={600}>
        {name}
      </Text>
      <Text c="dimmed">Periodo {period}</Text>
      <StatusBadge status={status} />
    </Group>
  );
}
