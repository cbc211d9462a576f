import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { pct } from './format';
import type { GroupRow } from './groups';

const t = messages.v2Results;

interface Props {
  rows: GroupRow[];
  /** The anonymity threshold, when known (for the hidden groups' text). */
  threshold: number | null;
  labelledBy: string;
}

/** A group's figure, or (in the first figure's cell, across all three) why it has none. */
function figure(row: GroupRow, threshold: number | null, value: number | null): ReactNode {
  if (row.state === 'hidden')
    return (
      <Text size="sm" fs="italic">
        {t.hidden(threshold)}
      </Text>
    );
  if (row.state === 'empty')
    return (
      <Text size="sm" c="dimmed">
        {t.noAnswers}
      </Text>
    );
  return pct(value);
}

/** Per group of raters: completed/assigned raters and competencies, objectives and overall %. */
export function GroupResultsTable({ rows, threshold, labelledBy }: Props) {
  return (
    <ResponsiveTable
      labelledBy={labelledBy}
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        {
          header: 'Grupo',
          title: true,
          rowHeader: true,
          fw: 500,
          cell: (row) => (
            <>
              {row.label}
              {row.adminOnly && (
                <Text span display="block" size="xs" c="dimmed" fw={400}>
                  {t.adminOnly}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'Evaluadores (completados/asignados)',
          cell: (row) => (
            <>
              {formatNumber(row.completed)}/{formatNumber(row.assigned)}
              {row.counted && (
                <Text size="xs" c="dimmed">
                  {row.counted}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'Competencias',
          span: (row) => (row.state === 'shown' ? 1 : 3),
          cell: (row) => figure(row, threshold, row.competencies),
        },
        { header: 'Objetivos', cell: (row) => figure(row, threshold, row.objectives) },
        { header: 'General', fw: 600, cell: (row) => figure(row, threshold, row.overall) },
      ]}
    />
  );
}
