import { Text } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import type { CompletionRow } from './groups';

const t = messages.v2Results;

interface Props {
  rows: CompletionRow[];
  labelledBy: string;
}

/** Completion per group of raters (Relación, Completadas, Asignadas): what shows before the close. */
export function CompletionTable({ rows, labelledBy }: Props) {
  return (
    <>
      <ResponsiveTable
        labelledBy={labelledBy}
        cardsBelow={0}
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          { header: 'Relación', title: true, rowHeader: true, fw: 500, cell: (row) => row.label },
          {
            header: 'Completadas',
            cell: (row) => (
              <>
                {formatNumber(row.completed)}
                {row.counted && (
                  <Text size="xs" c="dimmed">
                    {row.counted}
                  </Text>
                )}
              </>
            ),
          },
          { header: 'Asignadas', cell: (row) => formatNumber(row.assigned) },
        ]}
      />
      {rows.some((r) => r.counted) && (
        <Text size="sm" c="dimmed">
          {t.countedWhy}
        </Text>
      )}
    </>
  );
}
