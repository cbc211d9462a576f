import type { V2Results } from '@evalua/contracts';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CommentsSection } from './CommentsSection';
import { EvaluationLine } from './EvaluationLine';
import { dash, thresholdFrom } from './format';
import { GroupResultsChart } from './GroupResultsChart';
import { GroupResultsTable } from './GroupResultsTable';
import { groupRows, othersWithheld } from './groups';
import { ItemsTable } from './ItemsTable';

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

/** One person's 360 results as the server lets this viewer see them. */
export function PersonResults({ results: r }: { results: V2Results }) {
  const rows = groupRows(r);
  const threshold = thresholdFrom(r.hidden_note);
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <EvaluationLine
            name={r.evaluation.name}
            period={r.evaluation.period}
            status={r.evaluation.status}
          />
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0}>
            <Field label="Persona evaluada" value={r.evaluatee.name} />
            <Field label="Departamento" value={dash(r.evaluatee.department)} />
            <Field label="Puesto" value={dash(r.evaluatee.position)} />
          </SimpleGrid>
        </Stack>
      </Paper>
      {r.hidden_note && (
        <Alert color="blue" title="Anonimato">
          {r.hidden_note}
        </Alert>
      )}
      <Stack gap="sm" component="section" aria-labelledby="v2-groups-heading">
        <Title order={2} size="h3" id="v2-groups-heading">
          Resultados por grupo de evaluadores
        </Title>
        <GroupResultsTable rows={rows} threshold={threshold} labelledBy="v2-groups-heading" />
        <GroupResultsChart rows={rows} />
      </Stack>
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
