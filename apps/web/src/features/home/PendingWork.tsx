import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { dashboardQueries } from '../../api/queries/dashboard';
import { v2EvaluationQueries } from '../../api/queries/v2-evaluations';
import { homeMessages as t } from '../../i18n/home-messages';
import { pendingLines } from './pending';

/**
 * What admin and HR still have pending, under the start page's greeting: the V1 round's evaluations
 * left (GET /api/dashboard/metrics) and each open 360 evaluation's unanswered assignments
 * (GET /api/evaluations-v2), each linked to the screen that follows it.
 */
export default function PendingWork() {
  const headingId = useId();
  const metrics = useQuery(dashboardQueries.metrics());
  const evaluations = useQuery(v2EvaluationQueries.all());
  const failed = [metrics, evaluations].filter((q) => q.isError);
  const loading = metrics.isPending || evaluations.isPending;
  const lines = pendingLines(metrics.data?.evaluation_progress, evaluations.data);

  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" mt="sm">
      <Title order={2} id={headingId}>
        {t.pendingTitle}
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
      {!loading && failed.length === 0 && lines.length === 0 && <Text>{t.nothingPending}</Text>}
    </Stack>
  );
}
