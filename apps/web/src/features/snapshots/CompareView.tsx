import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from '../../app/feedback/ErrorBanner';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { useSnapshotPair } from './api/snapshots';
import { personRows, summaryRows } from './compare-data';
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

/** Two snapshots' summaries and each evaluatee's overall side by side, with the change from A to B. */
export function CompareView({ evaluationId, pair }: Props) {
  const [qa, qb] = useSnapshotPair(evaluationId, pair);
  if (!qa || !qb) return null;
  if (qa.isPending || qb.isPending) return <Loader role="status" aria-label="Cargando la comparación" />;
  if (qa.isError || qb.isError) return <ErrorBanner>{detailErrorText(qa.error ?? qb.error)}</ErrorBanner>;
  const a = qa.data;
  const b = qb.data;
  const la = a.snapshot.label;
  const lb = b.snapshot.label;
  return (
    <Stack>
      <Title order={3} size="h5">
        Resumen: «{la}» frente a «{lb}»
      </Title>
      <SideBySide caption="Comparación de resúmenes" first="Indicador" a={la} b={lb}>
        {summaryRows(a.summary, b.summary).map((r) => (
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
        Resultado general por persona
      </Title>
      <SideBySide caption="Comparación del resultado general por persona" first="Persona" a={la} b={lb}>
        {personRows(a, b).map((r) => (
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
      <Text size="sm" c="dimmed">
        Los cambios de porcentajes se expresan en puntos. — indica que no hay valor (sin evaluaciones
        completadas u oculto para proteger el anonimato).
      </Text>
    </Stack>
  );
}
