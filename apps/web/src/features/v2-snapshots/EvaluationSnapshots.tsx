import type { V2SnapshotCreated } from '@evalua/contracts';
import { Alert, Button, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useSnapshots } from './api/snapshots';
import { completionOnly } from './completion';
import { CompareSnapshots } from './CompareSnapshots';
import { CreateSnapshotForm } from './CreateSnapshotForm';
import { SnapshotDetail } from './SnapshotDetail';
import { SnapshotIdLookup } from './SnapshotIdLookup';
import { SnapshotList } from './SnapshotList';
import { SummaryView } from './SummaryView';

/** Everything about one evaluation's snapshots: create, list, look up by id, detail and compare. */
export function EvaluationSnapshots({ evaluationId }: { evaluationId: number }) {
  const list = useSnapshots(evaluationId);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [created, setCreated] = useState<V2SnapshotCreated | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  // A detail asked for further down the page is brought into view.
  useEffect(() => {
    if (detailId !== null) detailRef.current?.scrollIntoView({ block: 'start' });
  }, [detailId]);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CreateSnapshotForm evaluationId={evaluationId} onCreated={setCreated} />
        <SnapshotIdLookup onView={setDetailId} />
      </SimpleGrid>
      {created && (
        <Paper withBorder p="md" component="section" aria-labelledby="snapshot-created-title">
          <Stack>
            <Title order={2} size="h4" id="snapshot-created-title">
              Snapshot creado: «{created.snapshot.label}»
            </Title>
            {completionOnly(created.summary) && (
              <Alert color="blue" role="status" title="Solo avance">
                {messages.snapshots.createdCompletionOnly}
              </Alert>
            )}
            <SummaryView summary={created.summary} order={3} name={`${created.snapshot.label} (creado)`} />
            <div>
              <Button variant="light" onClick={() => setDetailId(created.snapshot.id)}>
                Ver detalle del snapshot creado
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
      <section aria-labelledby="snapshot-list-title">
        <Stack>
          <Title order={2} size="h4" id="snapshot-list-title">
            Snapshots de la evaluación
          </Title>
          <SnapshotList list={list} current={detailId} onView={setDetailId} />
        </Stack>
      </section>
      <div ref={detailRef}>
        {detailId !== null && <SnapshotDetail evaluationId={evaluationId} snapshotId={detailId} />}
      </div>
      {list.data && <CompareSnapshots evaluationId={evaluationId} snapshots={list.data} />}
    </Stack>
  );
}
