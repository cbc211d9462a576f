import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import type { TrainingGroup } from './api/training';
import { trainingCountText } from './count';

/** One evaluator's collaborators who need training, with the evaluator's comments. */
export function TrainingGroupCard({ group, index }: { group: TrainingGroup; index: number }) {
  const headingId = `training-group-${index}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {group.evaluator}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {trainingCountText(group.entries)}
      </Text>
      <ResponsiveTable
        labelledBy={headingId}
        rows={group.entries}
        rowKey={(e) => `${e.evaluation_id}-${e.collaborator_id}`}
        columns={[
          { header: 'Colaborador', title: true, cell: (e) => e.collaborator_name },
          { header: 'Evaluación', cell: (e) => e.evaluation_name },
          { header: 'Comentarios', cell: (e) => e.comments || '—' },
          {
            header: 'Acción',
            actions: true,
            cell: (e) => (
              <Anchor
                component={Link}
                className="evalua-rt-nowrap"
                to={`/report/${e.evaluation_id}/${e.collaborator_id}`}
                aria-label={`Ver reporte de ${e.collaborator_name}, ${e.evaluation_name}`}
              >
                Ver reporte
              </Anchor>
            ),
          },
        ]}
      />
    </Paper>
  );
}
