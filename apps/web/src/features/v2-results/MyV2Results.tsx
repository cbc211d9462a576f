import { V2_RELEASE_MESSAGES } from '@evalua/contracts';
import { Anchor, Box, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '../../api/session';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';
import { useMyV2Results } from './api/person';

const t = messages.v2Results;

/**
 * 'Mis resultados 360' (on /profile): the closed 360s in which the user was rated, each linking to the
 * results once HR shares them (decision 038); until then it says they are not available yet.
 */
export function MyV2Results() {
  const { data: me } = useMe();
  const mine = useMyV2Results();
  if (!me) return null;
  return (
    <Box component="section" aria-labelledby="my-v2-results-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-v2-results-heading">
          Mis resultados 360
        </Title>
        {mine.isPending && <Loader role="status" aria-label="Cargando mis resultados 360" />}
        {mine.isError && <ErrorBanner>{t.mineError}</ErrorBanner>}
        {mine.data?.length === 0 && <Text>{t.mineEmpty}</Text>}
        {mine.data && mine.data.length > 0 && (
          <List spacing="xs" aria-labelledby="my-v2-results-heading">
            {mine.data.map((r) => (
              <List.Item key={r.evaluation_id}>
                {r.released ? (
                  <Anchor component={Link} to={`/evaluations-v2/${r.evaluation_id}/results/${me.id}`}>
                    {r.evaluation_name}
                  </Anchor>
                ) : (
                  <Text span>{r.evaluation_name}</Text>
                )}{' '}
                <Text span c="dimmed" size="sm">
                  · Periodo {r.period}
                  {!r.released && ` · ${V2_RELEASE_MESSAGES.notAvailable}`}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Box>
  );
}
