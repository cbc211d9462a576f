import { V2_NOMINATION_STATUS_LABELS, v2NominationMayChange, type V2Nomination } from '@evalua/contracts';
import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useScreenTitle } from '../../components/screen-title';
import { useApproveNomination, useMyNominations, useSaveNomination } from './api/nominations';
import { NomineeEditor } from './NomineeEditor';

const STATUS_COLORS = { borrador: 'gray', enviada: 'blue', aprobada: 'teal' } as const;

function StatusBadge({ nomination }: { nomination: V2Nomination }) {
  const color = STATUS_COLORS[nomination.status];
  return (
    <Badge variant="light" color={color} c={`${color}.9`} tt="none">
      {V2_NOMINATION_STATUS_LABELS[nomination.status]}
    </Badge>
  );
}

function OwnNomination({ nomination }: { nomination: V2Nomination }) {
  const save = useSaveNomination();
  const approved = !v2NominationMayChange(nomination.status);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {nomination.evaluation_name}
          </Title>
          <StatusBadge nomination={nomination} />
        </Group>
        <Text size="sm">
          {approved
            ? 'Tu lista fue aprobada: estas personas te evaluarán.'
            : nomination.manager
              ? `Propón entre ${nomination.min} y ${nomination.max} pares o colaboradores directos que conozcan tu trabajo. ${nomination.manager.name} revisará y aprobará la lista.`
              : `Propón entre ${nomination.min} y ${nomination.max} pares o colaboradores directos que conozcan tu trabajo. Gestión Humana revisará y aprobará la lista.`}
        </Text>
        <NomineeEditor
          nomination={nomination}
          readOnly={approved}
          actions={[
            {
              label: 'Enviar propuesta',
              full: true,
              run: async (nominees) => {
                await save.mutateAsync({ id: nomination.id, nominees, submit: true });
                return 'Propuesta enviada.';
              },
            },
            {
              label: 'Guardar borrador',
              full: false,
              variant: 'light',
              run: async (nominees) => {
                await save.mutateAsync({ id: nomination.id, nominees, submit: false });
                return 'Borrador guardado.';
              },
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

function ToApprove({ nomination }: { nomination: V2Nomination }) {
  const approve = useApproveNomination();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {nomination.evaluatee.name}
          </Title>
          <StatusBadge nomination={nomination} />
        </Group>
        <Text size="sm" c="dimmed">
          {nomination.evaluation_name}
        </Text>
        <NomineeEditor
          nomination={nomination}
          readOnly={!v2NominationMayChange(nomination.status)}
          actions={[
            {
              label: 'Aprobar',
              full: true,
              run: async (nominees) => {
                const { created_count } = await approve.mutateAsync({ id: nomination.id, nominees });
                return `Nominación aprobada: se crearon ${created_count} ${created_count === 1 ? 'asignación' : 'asignaciones'}.`;
              },
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/**
 * Nominaciones (decision 036): 'Proponer evaluadores' for the person's own 360s with nominations,
 * and 'Nominaciones por aprobar' for the people who report to them.
 */
export default function NominationsPage() {
  const title = useScreenTitle();
  const mine = useMyNominations();
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {mine.isPending ? (
        <Loader role="status" aria-label="Cargando nominaciones" />
      ) : mine.isError ? (
        <ErrorBanner>No se pudieron cargar las nominaciones.</ErrorBanner>
      ) : (
        <>
          <Stack gap="sm">
            <Title order={2} size="h3">
              Proponer evaluadores
            </Title>
            {mine.data.own.length === 0 ? (
              <Text c="dimmed">No tienes evaluaciones 360 en las que proponer evaluadores.</Text>
            ) : (
              mine.data.own.map((n) => <OwnNomination key={n.id} nomination={n} />)
            )}
          </Stack>
          <Stack gap="sm">
            <Title order={2} size="h3">
              Nominaciones por aprobar
            </Title>
            {mine.data.to_approve.length === 0 ? (
              <Text c="dimmed">No hay nominaciones de tu equipo por aprobar.</Text>
            ) : (
              mine.data.to_approve.map((n) => <ToApprove key={n.id} nomination={n} />)
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
