import type { V2SnapshotListItem } from '@evalua/contracts';
import { Button, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListState } from '../../components/lists/ListState';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
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
        <ResponsiveTable
          label="Snapshots de la evaluación"
          rows={list.data}
          rowKey={(s) => s.id}
          rowState={(s) => ({ highlighted: current === s.id })}
          columns={[
            { header: 'ID', cell: (s) => s.id },
            { header: 'Etiqueta', title: true, cell: (s) => s.label },
            {
              header: 'Notas',
              cell: (s) => (
                <Text size="sm" lineClamp={3}>
                  {s.notes ?? NONE}
                </Text>
              ),
            },
            { header: 'Creado por', cell: (s) => s.created_by_name ?? NONE },
            { header: 'Fecha', cell: (s) => formatDateTime(s.created_at) },
            {
              header: 'Acciones',
              actions: true,
              cell: (s) => (
                <Button
                  size="xs"
                  variant={current === s.id ? 'filled' : 'light'}
                  aria-pressed={current === s.id}
                  aria-label={`Ver detalle de ${s.label}`}
                  onClick={() => onView(s.id)}
                >
                  Ver detalle
                </Button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
