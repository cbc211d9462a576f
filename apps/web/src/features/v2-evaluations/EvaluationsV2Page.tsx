import type { V2Evaluation } from '@evalua/contracts';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { messages } from '../../i18n/messages';
import { useEvaluationsV2Page } from './api/evaluations';
import { CreateEvaluationModal } from './CreateEvaluationModal';
import { DueDateModal } from './DueDateModal';
import { EditEvaluationModal } from './EditEvaluationModal';
import { EvaluationsList } from './EvaluationsList';
import { TemplateNameModal, type TemplateNameRequest } from './TemplateNameModal';
import { TemplatesPanel } from './TemplatesPanel';
import { useRowActions } from './useRowActions';

const t = messages.evaluationsV2;

/** How much of the evaluation closing leaves unanswered, and who, a click away (issue 30 §3). */
function CloseProgress({ evaluation: e }: { evaluation: V2Evaluation }) {
  return (
    <Group gap="xs">
      <Text fw={500}>{t.closeProgress(e.completed_count, e.assignment_count)}</Text>
      {e.completed_count < e.assignment_count && (
        <Anchor component={Link} to={`/evaluations-v2/${e.id}/assignments`}>
          {t.closeWho}
        </Anchor>
      )}
    </Group>
  );
}

/** 'Evaluaciones 360 (v2)': the paged list with its actions, the create modal and the templates. */
export default function EvaluationsV2Page() {
  const paging = usePagedSearch();
  const list = useEvaluationsV2Page({ q: paging.q, page: paging.page });
  const actions = useRowActions();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<V2Evaluation | null>(null);

  const { status, deletion, template, dueDate, reminders, edit } = actions;
  // eslint-disable-next-line no-restricted-syntax -- the status the dialog asks for, not what a state allows
  const closing = status.target?.status === 'closed';
  const templateOf = template.of;
  const templateRequest = useMemo<TemplateNameRequest | null>(
    () =>
      templateOf && {
        title: 'Guardar como plantilla',
        description: `Copia los ítems actuales de «${templateOf.name}» en una plantilla nueva.`,
        defaultName: templateOf.name,
        submitLabel: 'Guardar plantilla',
      },
    [templateOf],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Evaluaciones 360 (v2)</Title>
        <Button
          onClick={() => {
            setCreated(null);
            setCreating(true);
          }}
        >
          Nueva evaluación 360
        </Button>
      </Group>
      {created && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setCreated(null)}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t.created(created.name)} {t.createdNext}
            </Text>
            <Button component={Link} to={`/evaluations-v2/${created.id}/items`} size="xs">
              Ir a los ítems
            </Button>
          </Group>
        </Alert>
      )}
      {actions.error && <ErrorBanner onClose={actions.clear}>{actions.error}</ErrorBanner>}
      <EvaluationsList
        list={list}
        paging={paging}
        remindingId={reminders.busyId}
        onAction={(action, evaluation) => {
          // The offer to go to the new evaluation's items ends once its list is acted on.
          setCreated(null);
          actions.onAction(action, evaluation);
        }}
      />
      <TemplatesPanel />

      <CreateEvaluationModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(evaluation) => {
          setCreating(false);
          setCreated(evaluation);
        }}
      />
      <ConfirmDialog
        {...status.dialog}
        title={closing ? 'Cerrar evaluación' : 'Abrir evaluación'}
        message={
          status.target ? (closing ? t.confirmClose : t.confirmOpen)(status.target.evaluation.name) : ''
        }
        // The irreversible button is not named like the ways out of the dialog (decision 035).
        confirmLabel={closing ? 'Cerrar definitivamente' : 'Abrir'}
        dismissLabel={closing ? 'Volver sin cerrar' : undefined}
        tone={closing ? 'danger' : 'primary'}
        loading={actions.statusPending}
      >
        {closing && status.target && <CloseProgress evaluation={status.target.evaluation} />}
      </ConfirmDialog>
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar evaluación"
        message={deletion.target ? t.confirmDelete(deletion.target.name) : ''}
        confirmLabel="Eliminar"
        loading={actions.deletePending}
      />
      <ConfirmDialog {...reminders.dialog} />
      <EditEvaluationModal
        evaluation={edit.of}
        saving={edit.saving}
        error={edit.error}
        onSubmit={(body) => void edit.save(body)}
        onClose={edit.close}
      />
      <DueDateModal
        evaluation={dueDate.of}
        saving={dueDate.saving}
        error={dueDate.error}
        onSubmit={(value) => void dueDate.save(value)}
        onClose={dueDate.close}
      />
      <TemplateNameModal
        request={templateRequest}
        saving={template.saving}
        error={template.error}
        onSubmit={(name) => void template.save(name)}
        onClose={template.close}
      />
    </Stack>
  );
}
