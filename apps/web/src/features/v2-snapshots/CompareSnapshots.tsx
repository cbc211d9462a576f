import type { V2SnapshotListItem } from '@evalua/contracts';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { CompareView } from './CompareView';

const t = messages.snapshots;

interface Props {
  evaluationId: number;
  /** Newest first, as the list call answers. */
  snapshots: readonly V2SnapshotListItem[];
}

/** Pick two snapshots (A, older by default, and B) and "Comparar". */
export function CompareSnapshots({ evaluationId, snapshots }: Props) {
  // Until chosen, A is the second newest and B the newest (so a new snapshot is compared at once).
  const [chosenA, setA] = useState<string | null>(null);
  const [chosenB, setB] = useState<string | null>(null);
  const a = chosenA ?? (snapshots[1] ? String(snapshots[1].id) : null);
  const b = chosenB ?? (snapshots[0] ? String(snapshots[0].id) : null);
  const [pair, setPair] = useState<readonly [number, number] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = snapshots.map((s) => ({
    value: String(s.id),
    label: `${s.label} · ${formatDateTime(s.created_at)}`,
  }));

  const compare = () => {
    if (!a || !b || a === b) {
      setError(t.compareDistinct);
      return;
    }
    setError(null);
    setPair([Number(a), Number(b)]);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="snapshot-compare-title">
      <Stack>
        <Title order={2} size="h4" id="snapshot-compare-title">
          Comparar snapshots
        </Title>
        {snapshots.length < 2 ? (
          <Text>{t.compareNeedsTwo}</Text>
        ) : (
          <>
            <Group align="flex-end">
              <Select
                label="Snapshot A"
                data={data}
                value={a}
                onChange={setA}
                allowDeselect={false}
                w={360}
                maw="100%"
              />
              <Select
                label="Snapshot B"
                data={data}
                value={b}
                onChange={setB}
                allowDeselect={false}
                w={360}
                maw="100%"
              />
              <Button onClick={compare}>Comparar</Button>
            </Group>
            {error && (
              <Text c="red.8" role="alert">
                {error}
              </Text>
            )}
            {pair && <CompareView evaluationId={evaluationId} pair={pair} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
