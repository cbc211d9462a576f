import type { V2Results } from '@evalua/contracts';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { CommentsSection } from './CommentsSection';
import { CompletionTable } from './CompletionTable';
import { EvaluationLine } from './EvaluationLine';
import { dash, thresholdFrom } from './format';
import { GroupResultsChart } from './GroupResultsChart';
import { GroupResultsTable } from './GroupResultsTable';
import { othersWithheld } from '../../components/rater-groups';
import { completionRows, groupRows } from './groups';
import { ItemsTable } from './ItemsTable';
import { NotReleasedNotice } from './NotReleasedNotice';
import { RatersNotCounting } from './RatersNotCounting';

const t = messages.v2Results;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** Who and which evaluation the results are about. */
function Heading({ results: r }: { results: V2Results }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <EvaluationLine name={r.evaluation.name} period={r.evaluation.period} status={r.evaluation.status} />
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0}>
          <Field label="Persona evaluada" value={r.evaluatee.name} />
          <Field label="Departamento" value={dash(r.evaluatee.department)} />
          <Field label="Puesto" value={dash(r.evaluatee.position)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * Before the close a non-admin gets completion only (decision 023): the server's note and, per group
 * of raters, how many answered of those assigned — no figures, items or comments.
 */
function CompletionOnly({ results: r }: { results: V2Results }) {
  return (
    <Stack gap="lg">
      <Heading results={r} />
      <NotReleasedNotice note={r.hidden_note} extra={t.exportsAtClose} />
      <Stack gap="sm" component="section" aria-labelledby="v2-completion-heading">
        <Title order={2} size="h3" id="v2-completion-heading">
          Avance por grupo de evaluadores
        </Title>
        <CompletionTable rows={completionRows(r.relations)} labelledBy="v2-completion-heading" />
      </Stack>
      <RatersNotCounting evaluationId={r.evaluation.id} evaluateeId={r.evaluatee.id} />
    </Stack>
  );
}

/** One person's 360 results as the server lets this viewer see them. */
export function PersonResults({ results: r }: { results: V2Results }) {
  if (!r.released) return <CompletionOnly results={r} />;
  const rows = groupRows(r);
  const threshold = thresholdFrom(r.hidden_note);
  // The server's note already says why some answers do not count when that hides a group.
  const countedWhy = rows.some((row) => row.counted) && !r.hidden_note?.includes('para ese mínimo');
  return (
    <Stack gap="lg">
      <Heading results={r} />
      {r.hidden_note && (
        <Alert color="blue" title="Confidencialidad">
          {r.hidden_note}
        </Alert>
      )}
      <Stack gap="sm" component="section" aria-labelledby="v2-groups-heading">
        <Title order={2} size="h3" id="v2-groups-heading">
          Resultados por grupo de evaluadores
        </Title>
        <GroupResultsTable rows={rows} threshold={threshold} labelledBy="v2-groups-heading" />
        {countedWhy && (
          <Text size="sm" c="dimmed">
            {t.countedWhy}
          </Text>
        )}
        <GroupResultsChart rows={rows} />
      </Stack>
      <RatersNotCounting evaluationId={r.evaluation.id} evaluateeId={r.evaluatee.id} />
      <Stack gap="sm" component="section" aria-labelledby="v2-items-heading">
        <Title order={2} size="h3" id="v2-items-heading">
          Resultados por pregunta
        </Title>
        <Text size="sm" c="dimmed">
          Promedios de 0 a 100 %. N/A cuenta las respuestas «no aplica» visibles.
        </Text>
        <ItemsTable items={r.items} othersHidden={othersWithheld(r)} labelledBy="v2-items-heading" />
      </Stack>
      <CommentsSection comments={r.comments} />
    </Stack>
  );
}
