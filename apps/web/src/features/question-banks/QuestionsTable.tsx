import { QUESTION_TYPE_LABELS, type Question } from '@evalua/contracts';
import { Table } from '@mantine/core';
import { RowActions } from '../../app/lists/RowActions';
import { ScrollTable } from '../../app/lists/ScrollTable';

interface Props {
  questions: Question[];
  editingId: number | null;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
}

/** One bank's questions in order: number, text, type ('Competencia' / 'Objetivo') and actions. */
export function QuestionsTable({ questions, editingId, onEdit, onDelete }: Props) {
  return (
    <ScrollTable label="Preguntas del banco" minWidth={520}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>N.º</Table.Th>
            <Table.Th>Pregunta</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {questions.map((q, i) => (
            <Table.Tr key={q.id} aria-current={q.id === editingId ? 'true' : undefined}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td fw={q.id === editingId ? 700 : undefined}>{q.question_text}</Table.Td>
              <Table.Td>{QUESTION_TYPE_LABELS[q.question_type]}</Table.Td>
              <Table.Td>
                <RowActions
                  name={`pregunta ${i + 1}`}
                  onEdit={() => onEdit(q)}
                  onDelete={() => onDelete(q)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
