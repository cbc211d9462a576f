import { V2_STATUS_LABELS, v2EvaluationAllows, type V2Evaluation } from '@evalua/contracts';
import { Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';
import { useEvaluation, usePickerEvaluations } from './api/evaluations';

const t = messages.snapshots;

export function evaluationLabel(e: V2Evaluation): string {
  return `${e.name} · ${e.period} (${V2_STATUS_LABELS[e.status]})`;
}

interface Props {
  /** The evaluation in the address, if any. */
  value: number | null;
  onChange: (id: number) => void;
}

/**
 * The 360 evaluation whose snapshots are shown: a Select searched on the server (name or period),
 * always holding the chosen evaluation so that its name shows even when it is not on that page.
 */
export function EvaluationPicker({ value, onChange }: Props) {
  const [search, setSearch] = useState('');
  const selected = useEvaluation(value);
  const selectedLabel = selected.data ? evaluationLabel(selected.data) : null;
  // While the box shows the chosen evaluation's label, the list is not narrowed by it.
  const typed = search.trim() === selectedLabel ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 300);
  const list = usePickerEvaluations(q);

  const rows = list.data?.rows ?? [];
  const all = selected.data && !rows.some((r) => r.id === value) ? [selected.data, ...rows] : rows;
  const data = all.map((e) => ({ value: String(e.id), label: evaluationLabel(e) }));

  if (list.isPending) return <Loader role="status" aria-label="Cargando evaluaciones 360" />;
  if (list.isError && !list.data) return <ErrorBanner>{t.evaluationsError}</ErrorBanner>;
  if (q === '' && list.data.total === 0 && !selected.data) return <Text>{t.noEvaluations}</Text>;

  return (
    <Stack gap="xs">
      <Select
        label="Evaluación 360"
        placeholder="Elige o escribe el nombre o el periodo de una evaluación"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage="Sin resultados"
        maw={560}
        data={data}
        value={value !== null && data.some((o) => o.value === String(value)) ? String(value) : null}
        onChange={(v) => {
          if (v) onChange(Number(v));
        }}
        allowDeselect={false}
        rightSection={list.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      />
      {selected.isPending && value !== null && (
        <Loader role="status" aria-label="Cargando evaluación" size="sm" />
      )}
      {selected.isError && <ErrorBanner>{t.evaluationError}</ErrorBanner>}
      {selected.data && !v2EvaluationAllows(selected.data.status).results && <Text>{t.draft}</Text>}
    </Stack>
  );
}
