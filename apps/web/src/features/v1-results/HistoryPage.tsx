import type { HistoryCollaborator } from '@evalua/contracts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { CollaboratorsWithHistory } from './CollaboratorsWithHistory';
import { HistoryPanel } from './HistoryPanel';

const t = messages.history;

export default function HistoryPage() {
  const title = useScreenTitle();
  const paging = usePagedSearch();
  const [selected, setSelected] = useState<HistoryCollaborator | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Keyboard and screen-reader users land on the history they just opened.
  useEffect(() => {
    if (selected) headingRef.current?.focus();
  }, [selected]);

  return (
    <Stack gap="xl">
      <Title order={1}>{title}</Title>
      <CollaboratorsWithHistory
        paging={paging}
        selectedId={selected?.collaborator_id ?? null}
        onSelect={setSelected}
      />
      <Paper withBorder p="md">
        {selected ? (
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
                Historial de {selected.collaborator_name}
              </Title>
              <Anchor component={Link} to={`/evaluation-history/${selected.collaborator_id}`}>
                Ver historial completo y evolución
              </Anchor>
            </Group>
            <HistoryPanel
              key={selected.collaborator_id}
              userId={selected.collaborator_id}
              caption={`Evaluaciones de ${selected.collaborator_name}`}
              emptyText={t.noEvaluations}
              reportPath={(r) => `/report-detail/${r.evaluation_id}/${selected.collaborator_id}`}
            />
          </Stack>
        ) : (
          <Text>{t.pickCollaborator}</Text>
        )}
      </Paper>
    </Stack>
  );
}
