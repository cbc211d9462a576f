import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Pager } from '../../components/lists/Pager';
import { SearchInput } from '../../components/lists/SearchInput';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { ExportButtons } from '../../components/ExportButtons';
import { downloadTrainingSheet, useTrainingReport } from './api/training';
import { TRAINING_PAGE_SIZE, filterGroups } from './filter';
import { TrainingGroupCard } from './TrainingGroupCard';

const t = messages.training;

/** Reporte de Capacitación: groups by evaluator, searched and paged (5 groups) in the browser. */
export default function TrainingReportPage() {
  const title = useScreenTitle();
  const { search, setSearch, q, page, setPage } = usePagedSearch(200);
  const report = useTrainingReport();
  const groups = report.data ?? [];
  const shown = filterGroups(groups, q);
  const pages = Math.max(1, Math.ceil(shown.length / TRAINING_PAGE_SIZE));
  const current = Math.min(page, pages);
  const first = (current - 1) * TRAINING_PAGE_SIZE;
  const visible = shown.slice(first, first + TRAINING_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 18rem', maxWidth: '26rem' }}>
          <SearchInput
            label="Buscar evaluador o colaborador"
            placeholder="Nombre"
            value={search}
            onChange={setSearch}
          />
        </div>
        <ExportButtons
          empty={report.data?.length === 0}
          download={downloadTrainingSheet}
          baseName="capacitacion"
        />
      </Group>
      {report.isPending && <Loader role="status" aria-label="Cargando reporte de capacitación" />}
      {report.isError && (
        <Alert color="red" role="alert">
          {t.loadError}
        </Alert>
      )}
      {report.data && groups.length === 0 && <Text>{t.empty}</Text>}
      {report.data && groups.length > 0 && shown.length === 0 && <Text>{t.noMatches(q)}</Text>}
      {visible.map((g, i) => (
        <TrainingGroupCard key={g.evaluator} group={g} index={first + i} />
      ))}
      <Pager
        label="Páginas de evaluadores"
        page={current}
        pageSize={TRAINING_PAGE_SIZE}
        total={shown.length}
        onChange={setPage}
      />
    </Stack>
  );
}
