import type { Evaluator } from '@evalua/contracts';
import { Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { staffQueries } from '../../api/queries/staff';
import { ListState } from '../../app/lists/ListState';
import { useScreenTitle } from '../../app/screen-title';
import { messages } from '../../i18n/messages';
import { AssignedList } from './AssignedList';
import { AvailableList } from './AvailableList';

const t = messages.assignments;
const PARAM = 'evaluador';

/**
 * Gestión de Asignaciones (V1): pick an evaluator (only active evaluadores are offered), see and
 * remove their collaborators, and add people from the paged list of those still available. The
 * chosen evaluator lives in the address (?evaluador=id), so a reload or a shared link keeps it.
 */
export default function AssignmentsPage() {
  const title = useScreenTitle();
  const evaluators = useQuery(staffQueries.evaluatorOptions());
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(PARAM);
  const selected: Evaluator | undefined = evaluators.data?.find((e) => String(e.id) === selectedId);

  const choose = (value: string | null) => {
    setParams(value ? { [PARAM]: value } : {}, { replace: true });
  };

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
      {evaluators.data && evaluators.data.length > 0 && (
        <Select
          label="Evaluador"
          placeholder="Elige o escribe el nombre de un evaluador"
          searchable
          nothingFoundMessage="Sin resultados"
          maw={480}
          data={evaluators.data.map((e) => ({ value: String(e.id), label: e.name }))}
          value={selected ? String(selected.id) : null}
          onChange={choose}
          allowDeselect={false}
        />
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
