import type { AuditRow } from '@evalua/contracts';
import { Badge, Table, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { diffLines } from './labels';

interface Props {
  row: AuditRow;
}

/**
 * An entry's before/after as a key/value table: one line per field, with "Antes" and "Después"
 * (only the side there is for a creation or an elimination) and changed fields marked.
 */
export function AuditDiff({ row }: Props) {
  const hasBefore = row.before !== null;
  const hasAfter = row.after !== null;
  if (!hasBefore && !hasAfter) return <Text size="sm">{messages.audit.noChanges}</Text>;
  const lines = diffLines(row.before, row.after);
  const both = hasBefore && hasAfter;
  return (
    <Table
      withTableBorder
      withColumnBorders
      fz="sm"
      aria-label={`Cambios del registro ${row.id}`}
      style={{ wordBreak: 'break-word' }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Campo</Table.Th>
          {hasBefore && <Table.Th scope="col">Antes</Table.Th>}
          {hasAfter && <Table.Th scope="col">Después</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.field} fw={both && line.changed ? 600 : undefined}>
            <Table.Th scope="row" fw={500}>
              {line.field}
              {both && line.changed && (
                <Badge ml="xs" size="xs" variant="outline" color="dark">
                  Cambió
                </Badge>
              )}
            </Table.Th>
            {hasBefore && <Table.Td>{line.before}</Table.Td>}
            {hasAfter && <Table.Td>{line.after}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
