import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Pager } from '../../components/lists/Pager';
import { SearchInput } from '../../components/lists/SearchInput';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { REPORTS_PAGE_SIZE } from '../../api/queries/v1-results';
import { ExportButtons } from '../../components/ExportButtons';
import { downloadReportsSheet, useReportsPage } from './api/reports';
import { ReportsTable } from './ReportsTable';

const t = messages.reports;

/** Reportes: every evaluated (non-admin) person per evaluation, searched and paged on the server. */
export default function ReportsPage() {
  const title = useScreenTitle();
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const list = useReportsPage({ q, page });
  const data = list.data;

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 18rem', maxWidth: '26rem' }}>
          <SearchInput label="Buscar colaborador" placeholder="Nombre" value={search} onChange={setSearch} />
        </div>
        <ExportButtons
          key={q}
          empty={data?.total === 0}
          download={(format) => downloadReportsSheet(format, q)}
          baseName="reportes"
        />
      </Group>
      {list.isPending && <Loader role="status" aria-label="Cargando reportes" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {t.listLoadError}
        </Alert>
      )}
      {data && data.total === 0 && <Text>{t.noneEvaluated}</Text>}
      {data && data.total > 0 && (
        <>
          <ReportsTable rows={data.rows} />
          <Pager
            label="Páginas de reportes"
            page={data.page}
            pageSize={REPORTS_PAGE_SIZE}
            total={data.total}
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
