import type { QuestionBank } from '@evalua/contracts';
import { Button, Table, Text } from '@mantine/core';
import { RowActions } from '../../app/lists/RowActions';
import { ScrollTable } from '../../app/lists/ScrollTable';

interface Props {
  banks: QuestionBank[];
  selectedId: number | null;
  onSelect: (bank: QuestionBank) => void;
  onEdit: (bank: QuestionBank) => void;
  onDelete: (bank: QuestionBank) => void;
}

/** The banks with their question counts; the selected one is marked and its button pressed. */
export function BanksTable({ banks, selectedId, onSelect, onEdit, onDelete }: Props) {
  return (
    <ScrollTable label="Bancos de preguntas" minWidth={700}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th ta="right">Preguntas</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {banks.map((b) => {
            const selected = b.id === selectedId;
            return (
              <Table.Tr
                key={b.id}
                bg={selected ? 'var(--mantine-color-blue-0)' : undefined}
                aria-current={selected ? 'true' : undefined}
              >
                <Table.Td fw={selected ? 700 : undefined}>{b.name}</Table.Td>
                <Table.Td>
                  {b.description ?? (
                    <Text span c="dimmed" size="sm">
                      Sin descripción
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{b.question_count}</Table.Td>
                <Table.Td>
                  <RowActions name={b.name} onEdit={() => onEdit(b)} onDelete={() => onDelete(b)}>
                    <Button
                      size="xs"
                      variant={selected ? 'filled' : 'light'}
                      aria-pressed={selected}
                      aria-label={`Ver preguntas de ${b.name}`}
                      onClick={() => onSelect(b)}
                    >
                      Ver preguntas
                    </Button>
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
