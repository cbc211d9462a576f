import type { Question, QuestionBank } from '@evalua/contracts';
import { Alert, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../app/ConfirmDialog';
import { notify } from '../../app/notify';
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
  const [confirming, setConfirming] = useState<Question | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The panel is mounted per bank (keyed by id): bring the keyboard and the eye to it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const save = async (values: QuestionValues): Promise<boolean> => {
    setError(null);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await add.mutateAsync(values);
      notify.success(editing ? t.questionUpdated : t.questionCreated);
      setEditing(null);
      return true;
    } catch (err) {
      setError(serverMessageOr(err, t.questionSaveError));
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    const target = confirming;
    setConfirming(null);
    setError(null);
    try {
      await remove.mutateAsync(target.id);
      if (editing?.id === target.id) setEditing(null);
      notify.success(t.questionDeleted);
    } catch (err) {
      setError(serverMessageOr(err, t.questionDeleteError));
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="questions-title">
      <Title order={2} size="h4" id="questions-title" ref={heading} tabIndex={-1}>
        Preguntas de «{bank.name}»
      </Title>
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
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
          {list.isPending && <Loader role="status" aria-label="Cargando preguntas" />}
          {list.isError && (
            <Alert color="red" role="alert">
              {t.questionsLoadError}
            </Alert>
          )}
          {list.data?.length === 0 && <Text>{t.questionsEmpty}</Text>}
          {list.data && list.data.length > 0 && (
            <Stack gap="xs">
              <QuestionsSummary questions={list.data} />
              <QuestionsTable
                questions={list.data}
                editingId={editing?.id ?? null}
                onEdit={(q) => {
                  setError(null);
                  setEditing(q);
                }}
                onDelete={setConfirming}
              />
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={confirming !== null}
        title="Eliminar pregunta"
        message={confirming ? t.confirmDeleteQuestion(confirming.question_text) : ''}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
