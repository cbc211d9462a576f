import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../app/lists/ScrollTable';
import type { TrainingGroup } from './api/training';

/** One evaluator's collaborators who need training, with the evaluator's comments. */
export function TrainingGroupCard({ group, index }: { group: TrainingGroup; index: number }) {
  const headingId = `training-group-${index}`;
  const count = group.entries.length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {group.evaluator}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {count === 1
          ? '1 colaborador requiere capacitación'
          : `${count} colaboradores requieren capacitación`}
      </Text>
      <ScrollTable label={`Colaboradores de ${group.evaluator} que requieren capacitación`} minWidth={620}>
        <Table striped aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Colaborador</Table.Th>
              <Table.Th>Evaluación</Table.Th>
              <Table.Th>Comentarios</Table.Th>
              <Table.Th>Acción</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.entries.map((e) => (
              <Table.Tr key={`${e.evaluation_id}-${e.collaborator_id}`}>
                <Table.Td>{e.collaborator_name}</Table.Td>
                <Table.Td>{e.evaluation_name}</Table.Td>
                <Table.Td>{e.comments || '—'}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    style={{ whiteSpace: 'nowrap' }}
                    to={`/report/${e.evaluation_id}/${e.collaborator_id}`}
                    aria-label={`Ver reporte de ${e.collaborator_name}, ${e.evaluation_name}`}
                  >
                    Ver reporte
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
