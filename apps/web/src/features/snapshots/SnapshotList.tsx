import type { V2SnapshotListItem } from '@evalua/contracts';
import { Button, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListState } from '../../app/lists/ListState';
import { ScrollTable } from '../../app/lists/ScrollTable';
import { formatDateTime } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { NONE } from './format';

const t = messages.snapshots;

interface Props {
  list: UseQueryResult<V2SnapshotListItem[]>;
  /** The snapshot whose detail is open (its button is pressed). */
  current: number | null;
  onView: (id: number) => void;
}

/** The evaluation's snapshots, newest first, each with "Ver detalle". */
export function SnapshotList({ list, current, onView }: Props) {
  return (
    <>
      <ListState
        query={list}
        isEmpty={list.data?.length === 0}
        loadingLabel="Cargando snapshots"
        errorText={t.loadError}
        emptyText={t.none}
      />
      {list.data && list.data.length > 0 && (
        <ScrollTable label="Snapshots de la evaluación" minWidth={720}>
          <Table striped highlightOnHover aria-label="Snapshots de la evaluación">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">ID</Table.Th>
                <Table.Th scope="col">Etiqueta</Table.Th>
                <Table.Th scope="col">Notas</Table.Th>
                <Table.Th scope="col">Creado por</Table.Th>
                <Table.Th scope="col">Fecha</Table.Th>
                <Table.Th scope="col">Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.id}</Table.Td>
                  <Table.Td>{s.label}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={3}>
                      {s.notes ?? NONE}
                    </Text>
                  </Table.Td>
                  <Table.Td>{s.created_by_name ?? NONE}</Table.Td>
                  <Table.Td>{formatDateTime(s.created_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={current === s.id ? 'filled' : 'light'}
                      aria-pressed={current === s.id}
                      onClick={() => onView(s.id)}
                    >
                      Ver detalle
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </>
  );
}
