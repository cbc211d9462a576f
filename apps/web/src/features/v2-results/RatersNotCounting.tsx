import {
  MANAGER_ROLES,
  RELATION_LABELS,
  raterStandingSentence,
  v2AssignmentStands,
  type Role,
} from '@evalua/contracts';
import { List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { v2AssignmentQueries } from '../../api/queries/v2-assignments';
import { useMe } from '../../api/session';

interface Props {
  evaluationId: number;
  evaluateeId: number;
}

/**
 * For admin and HR (who see who rates whom anyway): the raters of this person whose answers do not
 * count toward anonymity, why, and the one thing that makes them count (decision 040). Never shown
 * to the evaluatee or a manager: it names raters.
 */
export function RatersNotCounting({ evaluationId, evaluateeId }: Props) {
  const { data: me } = useMe();
  const manager = me != null && (MANAGER_ROLES as readonly Role[]).includes(me.role);
  const { data } = useQuery({
    ...v2AssignmentQueries.evaluators(evaluationId, evaluateeId),
    enabled: manager,
  });
  if (!manager || !data) return null;
  const rows = data.assignments.filter(
    (a) => a.relation !== 'self' && v2AssignmentStands(a.status) && a.rater_standing !== 'counts',
  );
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="v2-not-counting-heading">
      <Title order={2} size="h4" id="v2-not-counting-heading">
        Evaluadores que no cuentan para el anonimato
      </Title>
      <Text size="sm" c="dimmed">
        Solo administración y gestión humana ven esta lista.
      </Text>
      <List size="sm" spacing={4}>
        {rows.map((a) => (
          <List.Item key={a.id}>
            <Text span fw={500} size="sm">
              {a.evaluator_name}
            </Text>{' '}
            ({RELATION_LABELS[a.relation]}, {a.status === 'completed' ? 'respondió' : 'pendiente'}):{' '}
            {raterStandingSentence(a.rater_standing)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
