import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
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

/** A row of a side-by-side comparison: what it is about (a figure or a person) and both values. */
interface SideRow {
  key: string | number;
  name: string;
  a: string;
  b: string;
  change: string;
}

function SideBySide({
  caption,
  first,
  a,
  b,
  rows,
  nameWeight,
}: {
  caption: string;
  first: string;
  a: string;
  b: string;
  rows: readonly SideRow[];
  nameWeight: number;
}) {
  return (
    <ResponsiveTable
      label={caption}
      headingLevel={4}
      rows={rows}
      rowKey={(r) => r.key}
      columns={[
        { header: first, title: true, rowHeader: true, fw: nameWeight, cell: (r) => r.name },
        { header: `A: ${a}`, cell: (r) => r.a },
        { header: `B: ${b}`, cell: (r) => r.b },
        { header: 'Cambio (B − A)', cell: (r) => r.change },
      ]}
    />
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
      <SideBySide
        caption="Comparación de resúmenes"
        first="Indicador"
        a={la}
        b={lb}
        nameWeight={400}
        rows={summary.map((r) => ({ key: r.label, name: r.label, a: r.a, b: r.b, change: r.change }))}
      />
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
        nameWeight={500}
        rows={people.map((r) => ({ key: r.id, name: r.name, a: r.a, b: r.b, change: r.change }))}
      />
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
