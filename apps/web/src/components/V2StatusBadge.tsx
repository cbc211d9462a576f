import { V2_STATUS_LABELS, type V2Status } from '@evalua/contracts';
import { Badge } from '@mantine/core';

/** Filled badges with white text, each at least 4.5:1: gray 7.9:1, green 7:1, blue 6.4:1. */
const COLORS: Record<V2Status, string> = {
  draft: '#495057',
  open: '#1e6b30',
  closed: '#1864ab',
};

/** The evaluation's status in Spanish: Borrador, Abierta, Cerrada. */
export function V2StatusBadge({ status }: { status: V2Status }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="filled"
      tt="none"
      size="lg"
      styles={{ label: { overflow: 'visible' } }}
    >
      {V2_STATUS_LABELS[status]}
    </Badge>
  );
}
