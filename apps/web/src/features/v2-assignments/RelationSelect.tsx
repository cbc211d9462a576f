import { RELATION_LABELS, type Relation } from '@evalua/contracts';
import { Select, Text } from '@mantine/core';

/** The relations HR picks for someone rating another person (self only for the person themself). */
export const RATER_RELATIONS = ['manager', 'peer', 'report'] as const satisfies readonly Relation[];
const OPTIONS = RATER_RELATIONS.map((r) => ({ value: r, label: RELATION_LABELS[r] }));

interface Props {
  /** The select's accessible name (the row or person it belongs to). */
  label: string;
  /** Shown above the select; without it the label is for screen readers only. */
  visibleLabel?: boolean;
  value: Relation;
  onChange: (relation: Relation) => void;
  /** The evaluator is the evaluatee: the relation can only be Autoevaluación. */
  self: boolean;
  disabled?: boolean;
}

/** Jefe / Par / Colaborador directo; for a self-evaluation just 'Autoevaluación' (decision 035). */
export function RelationSelect({ label, visibleLabel = false, value, onChange, self, disabled }: Props) {
  if (self) return <Text size="sm">{RELATION_LABELS.self}</Text>;
  return (
    <Select
      size="xs"
      w="11rem"
      maw="100%"
      label={visibleLabel ? label : undefined}
      aria-label={visibleLabel ? undefined : label}
      data={OPTIONS}
      value={value}
      allowDeselect={false}
      disabled={disabled}
      onChange={(v) => {
        const next = RATER_RELATIONS.find((r) => r === v);
        if (next && next !== value) onChange(next);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
