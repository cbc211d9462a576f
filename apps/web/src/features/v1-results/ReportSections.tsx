import type { FullReport } from '@evalua/contracts';
import { List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { formatNumber, formatPercent } from '../../i18n/format';
import { messages } from '../../i18n/messages';

const t = messages.reports;
const dash = (v: string | null) => v || '—';
const TYPE_LABELS = { competency: 'Competencia', objective: 'Objetivo' } as const;

/** Who and what the report is about. */
export function ReportSummary({ report }: { report: FullReport }) {
  const rows: Array<[string, string]> = [
    ['Colaborador', report.user_name],
    ['Departamento', dash(report.department)],
    ['Puesto', dash(report.position)],
    ['Evaluación', report.evaluation_name],
    ['Periodo', report.period],
    ['Número de evaluadores', String(report.evaluators_count)],
  ];
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        Datos del colaborador
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={220}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Figure({ label, value, missing }: { label: string; value: number | null; missing?: string }) {
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text fw={600}>{label}</Text>
        <Text fz="1.75rem" fw={700}>
          {value === null ? '—' : formatPercent(value)}
        </Text>
        {value === null && missing && (
          <Text size="sm" c="dimmed">
            {missing}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The three percentages (2 decimals); a section without questions in the bank shows '—'. */
export function ReportFigures({ report }: { report: FullReport }) {
  return (
    <section aria-labelledby="report-figures">
      <Title order={2} size="h3" mb="sm" id="report-figures">
        Resultados
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label="Competencias"
          value={report.competencies_percentage}
          missing={t.noQuestionsOfType('competencias')}
        />
        <Figure
          label="Objetivos"
          value={report.objectives_percentage}
          missing={t.noQuestionsOfType('objetivos')}
        />
        <Figure label="Resultado general" value={report.overall_percentage} />
      </SimpleGrid>
    </section>
  );
}

/** Each question's average score across the evaluators (1-4, 2 decimals). */
export function ReportQuestions({ report }: { report: FullReport }) {
  return (
    <section aria-labelledby="report-questions">
      <Title order={2} size="h3" mb="sm" id="report-questions">
        Preguntas
      </Title>
      <ResponsiveTable
        labelledBy="report-questions"
        rows={report.questions}
        rowKey={(q) => q.question_id}
        columns={[
          { header: 'Pregunta', title: true, cell: (q) => q.question_text },
          { header: 'Tipo', cell: (q) => TYPE_LABELS[q.question_type] },
          { header: 'Promedio (1–4)', align: 'right', cell: (q) => formatNumber(q.average_score, 2) },
        ]}
      />
    </section>
  );
}

/** The training answers: yes when any evaluator said so, each comment, and the summary. */
export function ReportTraining({ report }: { report: FullReport }) {
  const { training } = report;
  return (
    <section aria-labelledby="report-training">
      <Title order={2} size="h3" mb="sm" id="report-training">
        Capacitación
      </Title>
      <Stack gap="xs">
        <Text>
          <Text span fw={600}>
            Requiere capacitación:
          </Text>{' '}
          {training.requires_training ? 'Sí' : 'No'}
        </Text>
        <Text fw={600}>Comentarios de los evaluadores</Text>
        {training.comments.length === 0 ? (
          <Text c="dimmed">Sin comentarios.</Text>
        ) : (
          // A long unbroken word breaks rather than widen the page (issue 30 §8).
          <List spacing={4} style={{ overflowWrap: 'anywhere' }}>
            {training.comments.map((c, i) => (
              <List.Item key={i}>{c || '—'}</List.Item>
            ))}
          </List>
        )}
        <Text>{training.comments_summary}</Text>
      </Stack>
    </section>
  );
}
