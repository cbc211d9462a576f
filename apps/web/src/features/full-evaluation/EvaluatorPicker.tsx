import { Alert, Loader, Stack, Text } from '@mantine/core';
import { EvaluatorSelect, useChosenEvaluator } from '../../components/EvaluatorSelect';
import { messages } from '../../i18n/messages';
import { useEvaluatorOptions } from './api/people';
import { EvaluatorWorkspace } from './EvaluatorWorkspace';

const t = messages.evaluationForm;

/**
 * An admin has no collaborators of their own: they pick an active evaluador and evaluate on their
 * behalf (the server accepts it for collaborators assigned to that evaluador). The choice lives in
 * the address (?evaluador=id).
 */
export function EvaluatorPicker() {
  const evaluators = useEvaluatorOptions();
  const { selected, choose } = useChosenEvaluator(evaluators.data);

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
        <EvaluatorSelect evaluators={evaluators.data} selected={selected} onChange={choose} />
      )}
      {evaluators.data && evaluators.data.length > 0 && !selected && <Text>{t.pickEvaluator}</Text>}
      {selected && (
        <EvaluatorWorkspace key={selected.id} evaluatorId={selected.id} evaluatorName={selected.name} />
      )}
    </Stack>
  );
}
