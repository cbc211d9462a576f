import {
  V1_RELEASE_MESSAGES,
  V1_RELEASE_MODE_LABELS,
  v1CanCorrect,
  type V1PersonRound,
} from '@evalua/contracts';
import { Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { notify } from '../../components/feedback/notify';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { ReopenDialog } from '../../components/ReopenDialog';
import { formatDate, formatDateTime, formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { usePersonRound, useReleasePerson, useReopenForPerson } from './api/release';

const r = messages.v1Release;

type Submission = V1PersonRound['submissions'][number];

interface Props {
  evaluationId: number;
  userId: number;
}

/**
 * 'Publicación y correcciones' (HR's report detail, decision 050): whether the person reads their
 * results, 'Publicar a esta persona' until they do (asked first), each evaluator's submission with
 * 'Reabrir' while it may still be corrected, and the corrections made, newest first. Loaded only for
 * admin and HR (lazily, from ReportPage), so the person's own report stays as light.
 */
export default function ReleaseSection({ evaluationId, userId }: Props) {
  const round = usePersonRound(evaluationId, userId, true);
  const release = useReleasePerson(evaluationId, userId);
  const reopen = useReopenForPerson(evaluationId, userId);
  const { error, clear, run } = useActionError();
  const releasing = useConfirm<V1PersonRound>(() =>
    run(async () => {
      const { notified } = await release.mutateAsync();
      const told = notified > 0 ? ` ${r.notified(notified)}` : '';
      notify.success(`${V1_RELEASE_MESSAGES.releasedToPerson}${told}`);
    }, r.releaseError),
  );
  const [reopening, setReopening] = useState<Submission | null>(null);
  const data = round.data;
  const correctable = data ? v1CanCorrect(data.status, data.released) : false;

  const reopenIt = async (s: Submission, reason: string) => {
    await reopen.mutateAsync({ evaluatorId: s.evaluator_id, reason });
    notify.success(r.reopenedFor);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="report-release">
      <Title order={2} size="h3" mb="sm" id="report-release">
        Publicación y correcciones
      </Title>
      {round.isPending && <Loader role="status" aria-label="Cargando la publicación" />}
      {round.isError && <ErrorBanner>{errorText(round.error, r.personError, [404])}</ErrorBanner>}
      {data && (
        <Stack>
          {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{data.released ? 'Publicado para esta persona' : 'Sin publicar'}</Text>
              <Text size="sm" c="dimmed">
                Publicación de resultados: {V1_RELEASE_MODE_LABELS[data.release_mode]}
              </Text>
            </Stack>
            {!data.released && data.submissions.length > 0 && (
              <Button
                variant="light"
                loading={release.isPending}
                onClick={() => {
                  clear();
                  releasing.ask(data);
                }}
              >
                Publicar a esta persona
              </Button>
            )}
          </Group>
          {data.submissions.length === 0 ? (
            <Text>{r.noSubmissions}</Text>
          ) : (
            <ResponsiveTable
              label="Evaluaciones enviadas"
              rows={data.submissions}
              rowKey={(s) => s.evaluator_id}
              columns={[
                { header: 'Evaluador', title: true, rowHeader: true, cell: (s) => s.evaluator_name },
                {
                  header: 'Resultado general',
                  nowrap: true,
                  cell: (s) => formatPercent(s.overall_percentage),
                },
                { header: 'Enviada', nowrap: true, cell: (s) => formatDate(s.created_at) },
                ...(correctable
                  ? [
                      {
                        header: 'Acciones',
                        actions: true,
                        cell: (s: Submission) => (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Reabrir la evaluación de ${s.evaluator_name}`}
                            onClick={() => {
                              clear();
                              setReopening(s);
                            }}
                          >
                            Reabrir
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
          {data.versions.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h4">
                Correcciones
              </Title>
              <List spacing="xs">
                {data.versions.map((v) => (
                  <List.Item key={v.id}>
                    <Text span fw={600}>
                      {v.evaluator_name} ({formatPercent(v.overall_percentage)}):
                    </Text>{' '}
                    {r.corrected(formatDateTime(v.reopened_at), v.reopened_by_name, v.reason)}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog
        {...releasing.dialog}
        title="Publicar a esta persona"
        message={r.confirmPerson}
        confirmLabel="Publicar y avisar"
        tone="primary"
      />
      <ReopenDialog
        opened={reopening !== null}
        title="Reabrir la evaluación"
        intro={reopening ? r.reopenFor(reopening.evaluator_name) : ''}
        onReopen={(reason) => (reopening ? reopenIt(reopening, reason) : Promise.resolve())}
        onClose={() => setReopening(null)}
      />
    </Paper>
  );
}
