import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListState } from '../../components/lists/ListState';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { useTeamResults } from './api/release';

const t = messages.v2Release;

/**
 * 'Resultados de mi equipo' (/mi-equipo-360, decision 038): the closed 360s of the people who report
 * to the reader; each opens once HR shares it with their manager, under the same anonymity rules.
 */
export default function TeamResultsPage() {
  const title = useScreenTitle();
  const team = useTeamResults();
  const rows = team.data ?? [];
  return (
    <Stack gap="lg">
      <Title order={1} id="team-results-heading">
        {title}
      </Title>
      <Text>
        Los resultados 360 de las personas que te reportan, cuando gestión humana los comparte contigo.
      </Text>
      <ListState
        query={team}
        isEmpty={team.isSuccess && rows.length === 0}
        loadingLabel="Cargando resultados de tu equipo"
        errorText={t.teamError}
        emptyText={t.teamEmpty}
      />
      {rows.length > 0 && (
        <ResponsiveTable
          labelledBy="team-results-heading"
          rows={rows}
          rowKey={(r) => `${r.evaluation_id}-${r.evaluatee_id}`}
          columns={[
            { header: 'Persona', title: true, cell: (r) => r.evaluatee_name },
            { header: 'Evaluación', cell: (r) => `${r.evaluation_name} · ${r.period}` },
            { header: 'Departamento', cell: (r) => r.department ?? '—' },
            {
              header: 'Resultados',
              actions: true,
              cell: (r) =>
                r.released ? (
                  <Anchor
                    component={Link}
                    to={`/evaluations-v2/${r.evaluation_id}/results/${r.evaluatee_id}`}
                    aria-label={`Ver resultados de ${r.evaluatee_name} en ${r.evaluation_name}`}
                  >
                    Ver resultados
                  </Anchor>
                ) : (
                  <Text span size="sm" c="dimmed">
                    {t.notAvailable}
                  </Text>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
