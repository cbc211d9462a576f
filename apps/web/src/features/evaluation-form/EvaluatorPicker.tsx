import { Alert, Loader, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useEvaluatorOptions } from './api/people';
import { EvaluatorWorkspace } from './EvaluatorWorkspace';

const t = messages.evaluationForm;
const PARAM = 'evaluador';

/**
 * An admin has no collaborators of their own: they pick an active evaluador and evaluate on their
 * behalf (the server accepts it for collaborators assigned to that evaluador). The choice lives in
 * the address (?evaluador=id).
 */
export function EvaluatorPicker() {
  const evaluators = useEvaluatorOptions();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(PARAM);
  const selected = evaluators.data?.find((e) => String(e.id) === selectedId);

  return (
    <Stack gap="lg">
      {evaluators.isPending && <Loader role="status" aria-label="Cargando evaluadores" />}
      {evaluators.isError && (
        <Alert color="red" role="alert">
          {t.evaluatorsError}
        </Alert>
      )}
      {evaluators.data && evaluators.data.length === 0 && <Text>{t.noEvaluators}</Text>}
      {evaluators.data && evaluators.data.length > 0 && (
        <Select
          label="Evaluador"
          placeholder="Elige o escribe el nombre de un evaluador"
          searchable
          nothingFoundMessage="Sin resultados"
          maw={480}
          data={evaluators.data.map((e) => ({ value: String(e.id), label: e.name }))}
          value={selected ? String(selected.id) : null}
          onChange={(value) => setParams(value ? { [PARAM]: value } : {}, { replace: true })}
          allowDeselect={false}
        />
      )}
      {evaluators.data && evaluators.data.length > 0 && !selected && <Text>{t.pickEvaluator}</Text>}
      {selected && (
        <EvaluatorWorkspace key={selected.id} evaluatorId={selected.id} evaluatorName={selected.name} />
      )}
    </Stack>
  );
}
