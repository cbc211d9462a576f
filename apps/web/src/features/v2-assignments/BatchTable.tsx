import type { V2BatchEntry } from '@evalua/contracts';
import { Text, Title } from '@mantine/core';
import { ResponsiveTable } from '../../app/lists/ResponsiveTable';
import { PersonCell } from './CurrentAssignments';
import { useUserLookup } from './api/users';
import { relationLabel } from './format';

/** A batch cell: the id, with the name when the id names a user. */
function BatchPerson({ id }: { id: number }) {
  const user = useUserLookup(id);
  return <PersonCell id={id} name={user.data?.name} />;
}

/** 'Lote preparado': # / Evaluator / Evaluatee / Relación, or 'Vacío'. */
export function BatchTable({ batch }: { batch: readonly V2BatchEntry[] }) {
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
          // Four short columns: a table in the side panel of a laptop, cards on a phone.
          cardsBelow={320}
          rows={batch}
          rowKey={(entry) => `${entry.evaluator_id}:${entry.evaluatee_id}`}
          cardTitle={(_, i) => `Entrada ${i + 1}`}
          columns={[
            { header: '#', title: true, cell: (_, i) => i + 1 },
            { header: 'Evaluator', cell: (entry) => <BatchPerson id={entry.evaluator_id} /> },
            { header: 'Evaluatee', cell: (entry) => <BatchPerson id={entry.evaluatee_id} /> },
            { header: 'Relación', cell: (entry) => relationLabel(entry.relation) },
          ]}
        />
      )}
    </>
  );
}
