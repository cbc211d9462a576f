import type { EvaluatorProgress } from '@evalua/contracts';
import { Box, Group, NativeSelect, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { filterRows, SORT_OPTIONS, sortRows, toRow, type ProgressSort } from './progress';

const t = messages.dashboard;
const LIST_STYLE = {
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--mantine-spacing-xs)',
} as const;

/** Evaluators' progress in the round: search by name, sort by % Progreso, Nombre or Asignados. */
export function EvaluatorProgressList({ progress }: { progress: EvaluatorProgress[] }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ProgressSort>('progress');
  const rows = useMemo(
    () => sortRows(filterRows(progress.map(toRow), search), sort),
    [progress, search, sort],
  );

  return (
    <Stack gap="sm">
      <Title order={2} size="h3" id="progress-heading">
        Progreso por evaluador
      </Title>
      <Group align="flex-end" gap="md">
        <TextInput
          label="Buscar evaluador"
          placeholder="Nombre del evaluador"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <NativeSelect
          label="Ordenar por"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value as ProgressSort)}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      {progress.length === 0 && <Text>{t.noEvaluators}</Text>}
      {progress.length > 0 && rows.length === 0 && <Text>{t.noMatches(search.trim())}</Text>}
      {rows.length > 0 && (
        <Box component="ul" p={0} m={0} style={LIST_STYLE} aria-label="Evaluadores">
          {rows.map((r) => (
            <Paper component="li" key={r.id} withBorder p="sm" data-testid="evaluator-progress">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} data-field="name">
                  {r.name}
                </Text>
                <Text size="sm" data-field="counts">
                  {r.evaluated}/{r.assigned} evaluados
                </Text>
              </Group>
              <Group gap="sm" wrap="nowrap" mt={6}>
                <Progress.Root size="lg" style={{ flex: 1 }}>
                  <Progress.Section
                    value={r.percent}
                    aria-label={`Progreso de ${r.name}`}
                    aria-valuetext={formatPercent(r.percent, 0)}
                  />
                </Progress.Root>
                <Text size="sm" fw={600} w={52} ta="right" data-field="percent">
                  {formatPercent(r.percent, 0)}
                </Text>
              </Group>
            </Paper>
          ))}
        </Box>
      )}
    </Stack>
  );
}
