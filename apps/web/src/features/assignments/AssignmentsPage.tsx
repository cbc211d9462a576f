import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffQueries } from '../../api/queries/staff';
import { ListState } from '../../components/lists/ListState';
import { EvaluatorSelect, useChosenEvaluator } from '../../components/EvaluatorSelect';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { AssignedList } from './AssignedList';
import { AvailableList } from './AvailableList';
import { ReportsToPanel } from './ReportsToPanel';

const t = messages.assignments;

/**
 * Gestión de Asignaciones (V1): pick an evaluator (only active evaluadores are offered), see and
 * remove their collaborators, and add people from the paged list of those still available — one,
 * several ticked, every one a filter matches, or everyone by 'Reporta a' (decision 057). The
 * chosen evaluator lives in the address (?evaluador=id), so a reload or a shared link keeps it.
 */
export default function AssignmentsPage() {
  const title = useScreenTitle();
  const evaluators = useQuery(staffQueries.evaluatorOptions());
  const { selected, choose } = useChosenEvaluator(evaluators.data);

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <ListState
        query={evaluators}
        isEmpty={evaluators.data?.length === 0}
        loadingLabel="Cargando evaluadores"
        errorText={t.evaluatorsLoadError}
        emptyText={t.noEvaluators}
      />
      {evaluators.data && evaluators.data.length > 0 && <ReportsToPanel />}
      {evaluators.data && evaluators.data.length > 0 && (
        <EvaluatorSelect evaluators={evaluators.data} selected={selected} onChange={choose} />
      )}
      {evaluators.data && evaluators.data.length > 0 && !selected && <Text>{t.pickEvaluator}</Text>}
      {selected && (
        <Stack gap="xl">
          <AssignedList key={`assigned-${selected.id}`} evaluator={selected} />
          <AvailableList key={`available-${selected.id}`} evaluator={selected} />
        </Stack>
      )}
    </Stack>
  );
}
