import { BULK_ASSIGNMENT_TEXT } from '@evalua/contracts';
import { Button, Paper, Stack, Text } from '@mantine/core';
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
        <Button variant="light" onClick={() => void go()} loading={fill.isPending}>
          Asignar según «Reporta a»
        </Button>
      </Stack>
    </Paper>
  );
}
