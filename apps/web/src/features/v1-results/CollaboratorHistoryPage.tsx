import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { usePerson } from './api/history';
import { HistoryPanel } from './HistoryPanel';

const t = messages.history;

export default function CollaboratorHistoryPage() {
  const title = useScreenTitle();
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const person = usePerson(userId);
  const name = person.data?.name;
  const details = [person.data?.position, person.data?.department].filter(Boolean).join(' · ');

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Anchor component={Link} to="/evaluation-history" w="fit-content">
        ← Volver a Historial de Evaluaciones
      </Anchor>
      {!valid ? (
        <Alert color="red" role="alert">
          {messages.notFound}
        </Alert>
      ) : (
        <>
          {name && (
            <div>
              <Text fw={700} fz="lg">
                {name}
              </Text>
              {details && (
                <Text size="sm" c="dimmed">
                  {details}
                </Text>
              )}
            </div>
          )}
          <HistoryPanel
            userId={userId}
            caption={name ? `Evaluaciones de ${name}` : 'Evaluaciones del colaborador'}
            emptyText={t.noHistory}
            reportPath={(r) => `/report-detail/${r.evaluation_id}/${userId}`}
            chartHeadingOrder={2}
          />
        </>
      )}
    </Stack>
  );
}
