import type { V2Insight } from '@evalua/contracts';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorText } from '../../api/errors';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useScreenTitle } from '../../components/screen-title';
import { formatPercent } from '../../i18n/format';
import { useInsight } from './api';
import { ComparisonSection } from './ComparisonSection';
import { DistributionSection } from './DistributionSection';
import { ExportInsightButton } from './ExportInsightButton';
import { GapsSection } from './GapsSection';
import { EvaluationLine, NotReleasedNotice, parseId } from './Header';
import { HeatmapTable, QuestionList, type HeatColumn } from './HeatmapTable';
import { v2InsightMessages as T } from '../../i18n/v2-insight-messages';

const SECTION_COLUMNS: HeatColumn[] = [
  {
    short: 'Competencias',
    full: 'Competencias',
    person: (p) => p.competencies,
    average: (a) => a.competencies,
  },
  { short: 'Objetivos', full: 'Objetivos', person: (p) => p.objectives, average: (a) => a.objectives },
  { short: 'General', full: 'General', person: (p) => p.overall, average: (a) => a.overall },
];

function itemColumns(insight: V2Insight): HeatColumn[] {
  return insight.items.map((item, i) => ({
    short: `P${i + 1}`,
    full: `P${i + 1}. ${item.question_text}`,
    person: (p) => p.items[i]!,
    average: (a) => a.items[i]!,
  }));
}

function Progress({ insight }: { insight: V2Insight }) {
  const c = insight.completion;
  return (
    <Text>
      {T.progress(c.assignments_completed, c.assignments_total, formatPercent(c.completion_percentage))}
    </Text>
  );
}

function Insight({ insight }: { insight: V2Insight }) {
  const adminView = insight.full_view;
  if (!insight.released) {
    return (
      <>
        <NotReleasedNotice note={insight.hidden_note} />
        <Progress insight={insight} />
      </>
    );
  }
  return (
    <>
      {insight.hidden_note && (
        <Alert color="blue" role="status">
          <Text size="sm">{insight.hidden_note}</Text>
        </Alert>
      )}
      <Progress insight={insight} />
      <ExportInsightButton evaluationId={insight.evaluation.id} />
      {insight.people.length === 0 ? (
        <Text>{T.noPeople}</Text>
      ) : (
        <>
          <HeatmapTable
            heading={T.sectionsHeading}
            columns={SECTION_COLUMNS}
            people={insight.people}
            departments={insight.departments}
            average={insight.average}
            adminView={adminView}
          />
          {insight.items.length > 0 && (
            <HeatmapTable
              heading={T.itemsHeading}
              columns={itemColumns(insight)}
              people={insight.people}
              departments={insight.departments}
              average={insight.average}
              adminView={adminView}
              footer={<QuestionList items={insight.items} />}
            />
          )}
          <GapsSection gaps={insight.gaps} />
          <ComparisonSection rows={insight.comparison} />
          <DistributionSection groups={insight.distribution} adminView={adminView} />
        </>
      )}
    </>
  );
}

function InsightOf({ id }: { id: number }) {
  const query = useInsight(id);
  if (query.isPending) return <Loader role="status" aria-label={T.loading} />;
  if (query.isError) return <ErrorBanner>{errorText(query.error, T.loadError, [404])}</ErrorBanner>;
  const insight = query.data;
  return (
    <>
      <EvaluationLine
        name={insight.evaluation.name}
        period={insight.evaluation.period}
        status={insight.evaluation.status}
      />
      <Insight insight={insight} />
    </>
  );
}

/** Análisis 360 of one evaluation (/evaluations-v2/{id}/insight): admin and gestionhumana. */
export default function InsightPage() {
  const title = useScreenTitle();
  const id = parseId(useParams().id);
  return (
    <Stack gap="lg" miw={0}>
      <Title order={1}>{title}</Title>
      {id !== null && (
        <Group>
          <Anchor component={Link} to={`/evaluations-v2/${id}/results`}>
            {T.back}
          </Anchor>
        </Group>
      )}
      {id === null ? <ErrorBanner>{T.invalid}</ErrorBanner> : <InsightOf id={id} />}
    </Stack>
  );
}
