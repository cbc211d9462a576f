import { Alert, Button, Checkbox, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useScreenTitle } from '../../components/screen-title';
import { formatTime } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { useDashboardMetrics } from './api/dashboard';
import { EvaluatorProgressList } from './EvaluatorProgressList';
import { FirstSteps } from './FirstSteps';
import { MetricCards } from './MetricCards';
import { ScoreDistributionChart } from './ScoreDistributionChart';

const t = messages.dashboard;

export default function DashboardPage() {
  const title = useScreenTitle();
  const [autoRefresh, setAutoRefresh] = useState(false);
  const metrics = useDashboardMetrics(autoRefresh);
  const { data } = metrics;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1}>{title}</Title>
        <Group gap="md">
          <Checkbox
            label="Auto-actualizar (60s)"
            checked={autoRefresh}
            onChange={(e) => setAutoRefresh(e.currentTarget.checked)}
          />
          <Button
            variant="light"
            onClick={() => void metrics.refetch()}
            loading={metrics.isFetching && !metrics.isPending}
          >
            Actualizar
          </Button>
        </Group>
      </Group>
      <FirstSteps />
      {data && (
        <Text size="sm" c="dimmed" role="status">
          Actualizado a las {formatTime(metrics.dataUpdatedAt)}
        </Text>
      )}
      {metrics.isPending && <Loader role="status" aria-label="Cargando métricas" />}
      {metrics.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t.loadError}</Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => void metrics.refetch()}
              loading={metrics.isFetching}
            >
              Reintentar
            </Button>
          </Group>
        </Alert>
      )}
      {data && (
        <>
          <MetricCards metrics={data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <EvaluatorProgressList progress={data.evaluation_progress} />
            <ScoreDistributionChart bands={data.score_distribution} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
