import type { Question, QuestionBank } from '@evalua/contracts';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useAddQuestion, useDeleteQuestion, useQuestions, useUpdateQuestion } from './api/questions';
import { QuestionForm, type QuestionValues } from './QuestionForm';
import { QuestionsSummary } from './QuestionsSummary';
import { QuestionsTable } from './QuestionsTable';

const t = messages.questionBanks;

/** The selected bank's questions: add, edit, delete after confirming (refused once answered). */
export function QuestionsPanel({ bank }: { bank: QuestionBank }) {
  const list = useQuestions(bank.id);
  const add = useAddQuestion(bank.id);
  const update = useUpdateQuestion(bank.id);
  const remove = useDeleteQuestion(bank.id);
  const [editing, setEditing] = useState<Question | null>(null);
  const { error, clear, run } = useActionError();
  const heading = useRef<HTMLHeadingElement>(null);

  // The panel is mounted per bank (keyed by id): bring the keyboard and the eye to it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const save = (values: QuestionValues): Promise<boolean> =>
    run(async () => {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await add.mutateAsync(values);
      notify.success(editing ? t.questionUpdated : t.questionCreated);
      setEditing(null);
    }, t.questionSaveError);

  const confirm = useConfirm<Question>((target) =>
    run(async () => {
      await remove.mutateAsync(target.id);
      if (editing?.id === target.id) setEditing(null);
      notify.success(t.questionDeleted);
    }, t.questionDeleteError),
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="questions-title">
      <Title order={2} size="h4" id="questions-title" ref={heading} tabIndex={-1}>
        Preguntas de «{bank.name}»
      </Title>
      <Text size="sm" c="dimmed">
        Cambiar o eliminar una pregunta ya respondida no cambia ningún resultado: los reportes anteriores
        conservan la pregunta tal como se respondió, y las evaluaciones desde ahora usan la nueva versión.
      </Text>
      {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <QuestionForm
            editing={editing}
            saving={add.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ListState
            query={list}
            isEmpty={list.data?.length === 0}
            loadingLabel="Cargando preguntas"
            errorText={t.questionsLoadError}
            emptyText={t.questionsEmpty}
          />
          {list.data && list.data.length > 0 && (
            <Stack gap="xs">
              <QuestionsSummary questions={list.data} />
              <QuestionsTable
                questions={list.data}
                editingId={editing?.id ?? null}
                onEdit={(q) => {
                  clear();
                  setEditing(q);
                }}
                onDelete={confirm.ask}
              />
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        {...confirm.dialog}
        title="Eliminar pregunta"
        message={confirm.target ? t.confirmDeleteQuestion(confirm.target.question_text) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
      />
    </Stack>
  );
}
