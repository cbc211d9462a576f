import { V2_STATUS_LABELS, v2EvaluationAllows, type V2Evaluation } from '@evalua/contracts';
import { Anchor, Group, Loader, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';
import { errorText } from '../../api/errors';

const t = messages.v2Assignments;

interface Props {
  title: string;
  evaluation: UseQueryResult<V2Evaluation>;
  /** The other assignment screen of the same evaluation. */
  other: { to: string; label: string };
}

/** The screen's h1, the evaluation's name and status below it, and links to the related screens. */
export function EvaluationHeader({ title, evaluation, other }: Props) {
  const e = evaluation.data;
  return (
    <>
      <Title order={1}>{title}</Title>
      {evaluation.isPending && <Loader role="status" aria-label="Cargando evaluación" size="sm" />}
      {evaluation.isError && (
        <ErrorBanner>{errorText(evaluation.error, t.evaluationError, 'client')}</ErrorBanner>
      )}
      {e && (
        <Text size="lg" fw={500}>
          {e.name}{' '}
          <Text span c="dimmed" size="sm">
            · {e.period} · {V2_STATUS_LABELS[e.status]} · Autoevaluación{' '}
            {e.allow_self ? 'permitida' : 'no permitida'}
          </Text>
        </Text>
      )}
      {e && !v2EvaluationAllows(e.status).assign && <Text>{t.closed}</Text>}
      <Group gap="lg">
        <Anchor component={Link} to="/evaluations-v2">
          Volver a Evaluaciones 360
        </Anchor>
        <Anchor component={Link} to={other.to}>
          {other.label}
        </Anchor>
      </Group>
    </>
  );
}
