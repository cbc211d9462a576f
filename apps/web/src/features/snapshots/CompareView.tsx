import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { useSnapshotPair } from './api/snapshots';
import { messages } from '../../i18n/messages';
import {
  compareCompletionOnly,
  completionPersonRows,
  completionSummaryRows,
  personRows,
  summaryRows,
} from './compare-data';
import { detailErrorText } from './errors';

interface Props {
  evaluationId: number;
  pair: readonly [number, number];
}

function SideBySide({
  caption,
  first,
  a,
  b,
  children,
}: {
  caption: string;
  first: string;
  a: string;
  b: string;
  children: ReactNode;
}) {
  return (
    <ScrollTable label={caption} minWidth={640}>
      <Table striped aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{first}</Table.Th>
            <Table.Th scope="col">A: {a}</Table.Th>
            <Table.Th scope="col">B: {b}</Table.Th>
            <Table.Th scope="col">Cambio (B − A)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * Two snapshots' summaries and each evaluatee's overall side by side, with the change from A to B;
 * completion only when either snapshot reached this viewer without figures (decision 023).
 */
export function CompareView({ evaluationId, pair }: Props) {
  const [qa, qb] = useSnapshotPair(evaluationId, pair);
  if (!qa || !qb) return null;
  if (qa.isPending || qb.isPending) return <Loader role="status" aria-label="Cargando la comparación" />;
  if (qa.isError || qb.isError) return <ErrorBanner>{detailErrorText(qa.error ?? qb.error)}</ErrorBanner>;
  const a = qa.data;
  const b = qb.data;
  const la = a.snapshot.label;
  const lb = b.snapshot.label;
  const progress = compareCompletionOnly(a, b);
  const summary = progress ? completionSummaryRows(a.summary, b.summary) : summaryRows(a.summary, b.summary);
  const people = progress ? completionPersonRows(a, b) : personRows(a, b);
  const peopleTitle = progress ? 'Avance por persona' : 'Resultado general por persona';
  return (
    <Stack>
      {progress && (
        <Alert color="blue" role="status" title="Solo avance">
          {messages.snapshots.compareCompletionOnly}
        </Alert>
      )}
      <Title order={3} size="h5">
        Resumen: «{la}» frente a «{lb}»
      </Title>
      <SideBySide caption="Comparación de resúmenes" first="Indicador" a={la} b={lb}>
        {summary.map((r) => (
          <Table.Tr key={r.label}>
            <Table.Th scope="row" fw={400}>
              {r.label}
            </Table.Th>
            <Table.Td>{r.a}</Table.Td>
            <Table.Td>{r.b}</Table.Td>
            <Table.Td>{r.change}</Table.Td>
          </Table.Tr>
        ))}
      </SideBySide>
      <Title order={3} size="h5">
        {peopleTitle}
      </Title>
      <SideBySide
        caption={
          progress ? 'Comparación del avance por persona' : 'Comparación del resultado general por persona'
        }
        first="Persona"
        a={la}
        b={lb}
      >
        {people.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Th scope="row" fw={500}>
              {r.name}
            </Table.Th>
            <Table.Td>{r.a}</Table.Td>
            <Table.Td>{r.b}</Table.Td>
            <Table.Td>{r.change}</Table.Td>
          </Table.Tr>
        ))}
      </SideBySide>
      {progress ? (
        <Text size="sm" c="dimmed">
          Por persona: evaluaciones completadas de las asignadas; el cambio cuenta las nuevas respuestas. —
          indica que la persona no está en ese snapshot.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Los cambios de porcentajes se expresan en puntos. — indica que no hay valor (sin evaluaciones
          completadas u oculto para proteger el anonimato).
        </Text>
      )}
    </Stack>
  );
}
