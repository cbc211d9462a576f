import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { EvaluationPicker } from './EvaluationPicker';
import { EvaluationSnapshots } from './EvaluationSnapshots';

const t = messages.snapshots;

/** The path of one evaluation's snapshots: the picker on /snapshots leads here. */
const snapshotsPath = (evaluationId: number) => `/admin/evaluations/${evaluationId}/snapshots`;

function parseId(raw: string): number | null {
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * /snapshots and /admin/evaluations/{evaluationId}/snapshots: the evaluation lives in the address
 * (choosing one on /snapshots goes to its own path), so a snapshot screen can be linked and reloaded.
 */
export default function SnapshotsPage() {
  const title = useScreenTitle();
  const { evaluationId: raw } = useParams();
  const navigate = useNavigate();
  const evaluationId = raw === undefined ? null : parseId(raw);

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {raw !== undefined && evaluationId === null ? (
        <ErrorBanner>{t.badEvaluation}</ErrorBanner>
      ) : (
        <EvaluationPicker
          value={evaluationId}
          onChange={(id) => {
            if (id !== evaluationId) void navigate(snapshotsPath(id));
          }}
        />
      )}
      {raw === undefined && <Text>{t.pickEvaluation}</Text>}
      {evaluationId !== null && <EvaluationSnapshots key={evaluationId} evaluationId={evaluationId} />}
    </Stack>
  );
}
