import {
  V1_STATUS_LABELS,
  V2_STATUS_LABELS,
  type V1EvaluationStatus,
  type V2Status,
} from '@evalua/contracts';
import { Badge } from '@mantine/core';

/** Filled badges with white text, each at least 4.5:1: gray 7.9:1, green 7:1, blue 6.4:1. */
const COLORS: Record<V2Status, string> = {
  draft: '#495057',
  open: '#1e6b30',
  closed: '#1864ab',
};

/** A V1 state is shown like the 360 state it matches (decision 026). */
const V1_AS_V2: Record<V1EvaluationStatus, V2Status> = {
  borrador: 'draft',
  abierta: 'open',
  cerrada: 'closed',
};

function StatusBadge({ status, label }: { status: V2Status; label: string }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="filled"
      tt="none"
      size="lg"
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

/** The evaluation's status in Spanish: Borrador, Abierta, Cerrada. */
export function V2StatusBadge({ status }: { status: V2Status }) {
  return <StatusBadge status={status} label={V2_STATUS_LABELS[status]} />;
}

/** A V1 evaluation's state, with the same look: Borrador, Abierta, Cerrada. */
export function V1StatusBadge({ status }: { status: V1EvaluationStatus }) {
  return <StatusBadge status={V1_AS_V2[status]} label={V1_STATUS_LABELS[status]} />;
}
