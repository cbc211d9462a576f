import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { dashboardQueries } from '../../api/queries/dashboard';
import { homeQueries } from '../../api/queries/home';
import { v2EvaluationQueries } from '../../api/queries/v2-evaluations';
import { homeMessages as t } from '../../i18n/home-messages';
import { myPendingLines, pendingLines, type PendingLine } from './pending';

/**
 * What is pending, under the start page's greeting. Admin and HR (`scope` 'organisation'): the V1
 * round's evaluations left (GET /api/dashboard/metrics) and each open 360 evaluation's unanswered
 * assignments (GET /api/evaluations-v2). Everyone else ('own'): their own work (GET
 * /api/home/pending). Each line is linked to the screen that follows it.
 */
export default function PendingWork({ scope }: { scope: 'organisation' | 'own' }) {
  return scope === 'organisation' ? <OrganisationPending /> : <OwnPending />;
}

function OrganisationPending() {
  const metrics = useQuery(dashboardQueries.metrics());
  const evaluations = useQuery(v2EvaluationQueries.all());
  return (
    <PendingList
      title={t.pendingTitle}
      nothing={t.nothingPending}
      queries={[metrics, evaluations]}
      lines={pendingLines(metrics.data?.evaluation_progress, evaluations.data)}
    />
  );
}

function OwnPending() {
  const pending = useQuery(homeQueries.pending());
  return (
    <PendingList
      title={t.myPendingTitle}
      nothing={t.myNothingPending}
      queries={[pending]}
      lines={myPendingLines(pending.data)}
    />
  );
}

function PendingList({
  title,
  nothing,
  queries,
  lines,
}: {
  title: string;
  nothing: string;
  queries: ReadonlyArray<UseQueryResult>;
  lines: PendingLine[];
}) {
  const headingId = useId();
  const failed = queries.filter((q) => q.isError);
  const loading = queries.some((q) => q.isPending);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" mt="sm">
      <Title order={2} id={headingId}>
        {title}
      </Title>
      {loading && failed.length === 0 && <Loader role="status" aria-label={t.pendingLoading} size="sm" />}
      {failed.length > 0 && (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t.pendingError}</Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => failed.forEach((q) => void q.refetch())}
              loading={failed.some((q) => q.isFetching)}
            >
              Reintentar
            </Button>
          </Group>
        </Alert>
      )}
      {lines.length > 0 && (
        <List spacing="xs">
          {lines.map((line) => (
            <List.Item key={line.key}>
              {line.text}{' '}
              <Anchor component={Link} to={line.link.to}>
                {line.link.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {!loading && failed.length === 0 && lines.length === 0 && <Text>{nothing}</Text>}
    </Stack>
  );
}
