import type { QuestionBank } from '@evalua/contracts';
import { Button, Text } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { RowActions } from '../../components/lists/RowActions';

interface Props {
  banks: QuestionBank[];
  selectedId: number | null;
  onSelect: (bank: QuestionBank) => void;
  onEdit: (bank: QuestionBank) => void;
  onDelete: (bank: QuestionBank) => void;
}

/** The banks with their question counts; the selected one is marked and its button pressed. */
export function BanksTable({ banks, selectedId, onSelect, onEdit, onDelete }: Props) {
  const selected = (b: QuestionBank) => b.id === selectedId;
  return (
    <ResponsiveTable
      label="Bancos de preguntas"
      rows={banks}
      rowKey={(b) => b.id}
      rowState={(b) => ({ highlighted: selected(b), current: selected(b) })}
      columns={[
        { header: 'Nombre', title: true, fw: (b) => (selected(b) ? 700 : undefined), cell: (b) => b.name },
        {
          header: 'Descripción',
          cell: (b) =>
            b.description ?? (
              <Text span c="dimmed" size="sm">
                Sin descripción
              </Text>
            ),
        },
        { header: 'Preguntas', align: 'right', cell: (b) => b.question_count },
        {
          header: 'Acciones',
          actions: true,
          cell: (b) => (
            <RowActions name={b.name} onEdit={() => onEdit(b)} onDelete={() => onDelete(b)}>
              <Button
                size="xs"
                variant={selected(b) ? 'filled' : 'light'}
                aria-pressed={selected(b)}
                aria-label={`Ver preguntas de ${b.name}`}
                onClick={() => onSelect(b)}
              >
                Ver preguntas
              </Button>
            </RowActions>
          ),
        },
      ]}
    />
  );
}
