import type { V2Status } from '@evalua/contracts';
import { Alert, Group, Text } from '@mantine/core';
import { V2StatusBadge } from '../../components/V2StatusBadge';
import { messages } from '../../i18n/messages';

/** An id from the address: a positive integer, or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The evaluation the analysis is about: name, period and status (as on the results screens). */
export function EvaluationLine({ name, period, status }: { name: string; period: string; status: V2Status }) {
  return (
    <Group gap="sm" align="center">
      <Text size="lg" fw={600}>
        {name}
      </Text>
      <Text c="dimmed">Periodo {period}</Text>
      <V2StatusBadge status={status} />
    </Group>
  );
}

/** The results screens' notice: figures are published at close; until then, progress only. */
export function NotReleasedNotice({ note }: { note: string | undefined }) {
  return (
    <Alert color="blue" role="status" title={messages.v2Results.notReleasedTitle}>
      <Text size="sm">{note ?? messages.v2Results.notReleased}</Text>
    </Alert>
  );
}
