import { QUESTION_TYPE_LABELS, type Question } from '@evalua/contracts';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { RowActions } from '../../components/lists/RowActions';

interface Props {
  questions: Question[];
  editingId: number | null;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
}

/** One bank's questions in order: number, text, type ('Competencia' / 'Objetivo') and actions. */
export function QuestionsTable({ questions, editingId, onEdit, onDelete }: Props) {
  const editing = (q: Question) => q.id === editingId;
  return (
    <ResponsiveTable
      label="Preguntas del banco"
      rows={questions}
      rowKey={(q) => q.id}
      rowState={(q) => ({ current: editing(q) })}
      cardTitle={(_, i) => `Pregunta ${i + 1}`}
      columns={[
        { header: 'N.º', title: true, cell: (_, i) => i + 1 },
        { header: 'Pregunta', fw: (q) => (editing(q) ? 700 : undefined), cell: (q) => q.question_text },
        { header: 'Tipo', cell: (q) => QUESTION_TYPE_LABELS[q.question_type] },
        {
          header: 'Acciones',
          actions: true,
          cell: (q, i) => (
            <RowActions name={`pregunta ${i + 1}`} onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} />
          ),
        },
      ]}
    />
  );
}
