import { Stack, Title } from '@mantine/core';
import { useMe } from '../../api/session';
import { useScreenTitle } from '../../components/screen-title';
import { EvaluatorPicker } from './EvaluatorPicker';
import { EvaluatorWorkspace } from './EvaluatorWorkspace';

/**
 * Realizar Evaluación (V1), SPEC §4: the evaluator's collaborators, 'Evaluar' on a pending one, its
 * questions rated 1-4, then the training form, sent together. An admin first picks the evaluator.
 */
export default function EvaluationFormPage() {
  const title = useScreenTitle();
  const { data: me } = useMe();

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {me?.role === 'admin' && <EvaluatorPicker />}
      {me && me.role !== 'admin' && <EvaluatorWorkspace evaluatorId={me.id} followLink />}
    </Stack>
  );
}
