import { BULK_ASSIGNMENT_TEXT } from '@evalua/contracts';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { notify } from '../../components/feedback/notify';
import { useActionError } from '../../components/feedback/useActionError';
import { messages } from '../../i18n/messages';
import { useAssignByReportsTo } from './api/assignments';

const t = messages.assignments;

/**
 * 'Asignar según «Reporta a»' (decision 057), as the 360 does: each active evaluador gets the people
 * who report to them in Gestión de Usuarios. It only adds; it says how many, and who was left out.
 */
export function ReportsToPanel() {
  const fill = useAssignByReportsTo();
  const { error, clear, run } = useActionError();
  // It reaches every evaluador at once: asked first, in words (it only adds).
  const [asking, setAsking] = useState(false);
  const go = () =>
    run(async () => {
      notify.success(BULK_ASSIGNMENT_TEXT.reportsToDone(await fill.mutateAsync()));
    }, t.reportsToError);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Asigna a cada evaluador las personas que le reportan según «Reporta a» en Gestión de Usuarios. Solo
          agrega: no quita ninguna asignación.
        </Text>
        {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
        <Button variant="light" onClick={() => setAsking(true)} loading={fill.isPending}>
          Asignar según «Reporta a»
        </Button>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Asignar según «Reporta a»"
        message={t.confirmReportsTo}
        confirmLabel="Asignar"
        tone="primary"
        loading={fill.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void go();
        }}
      />
    </Paper>
  );
}
