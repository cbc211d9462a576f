import type { V2BatchEntry } from '@evalua/contracts';
import { Button, Text, Title } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { idProblem, type LookupIndex } from './batch';
import { PersonCell } from './CurrentAssignments';
import { relationLabel } from './format';

interface Props {
  batch: readonly V2BatchEntry[];
  /** Who the ids are (names; unknown and inactive ids are flagged). */
  lookup: LookupIndex | undefined;
  /** Removes the entry at this 0-based position. */
  onRemove: (index: number) => void;
  disabled?: boolean;
}

/** A batch cell: the name (when the id names someone) above the id, and what is wrong with it. */
function BatchPerson({ id, lookup }: { id: number; lookup: LookupIndex | undefined }) {
  const problem = idProblem(id, lookup);
  return (
    <>
      <PersonCell id={id} name={lookup?.users.get(id)?.name} />
      {problem && (
        <Text size="xs" c="red.9" fw={600}>
          {problem}
        </Text>
      )}
    </>
  );
}

/** A row's name for its button: 'entrada 2: Ana Pérez evalúa a Beto Díaz'. */
function rowName(entry: V2BatchEntry, index: number, lookup: LookupIndex | undefined): string {
  const name = (id: number) => lookup?.users.get(id)?.name ?? `ID ${id}`;
  const who =
    entry.evaluator_id === entry.evaluatee_id
      ? `autoevaluación de ${name(entry.evaluator_id)}`
      : `${name(entry.evaluator_id)} evalúa a ${name(entry.evaluatee_id)}`;
  return `entrada ${index + 1}: ${who}`;
}

/**
 * 'Lote preparado': # / Evaluator / Evaluatee / Relación, or 'Vacío'; each row with its names (one
 * lookup for the whole batch), flagged when an id names nobody or someone inactive, and a 'Quitar'
 * button named after the row.
 */
export function BatchTable({ batch, lookup, onRemove, disabled = false }: Props) {
  return (
    <>
      <Title order={3} size="h5" id="lote-preparado">
        Lote preparado
      </Title>
      {batch.length === 0 ? (
        <Text>Vacío</Text>
      ) : (
        <ResponsiveTable
          labelledBy="lote-preparado"
          headingLevel={4}
          // Five short columns: a table in the side panel of a laptop, cards on a phone.
          cardsBelow={360}
          rows={batch}
          rowKey={(entry) => `${entry.evaluator_id}:${entry.evaluatee_id}`}
          cardTitle={(_, i) => `Entrada ${i + 1}`}
          columns={[
            { header: '#', title: true, cell: (_, i) => i + 1 },
            { header: 'Evaluator', cell: (entry) => <BatchPerson id={entry.evaluator_id} lookup={lookup} /> },
            { header: 'Evaluatee', cell: (entry) => <BatchPerson id={entry.evaluatee_id} lookup={lookup} /> },
            { header: 'Relación', cell: (entry) => relationLabel(entry.relation) },
            {
              header: 'Acciones',
              headerHidden: true,
              actions: true,
              cell: (entry, i) => (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  disabled={disabled}
                  onClick={() => onRemove(i)}
                  aria-label={`Quitar ${rowName(entry, i, lookup)}`}
                >
                  Quitar
                </Button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
