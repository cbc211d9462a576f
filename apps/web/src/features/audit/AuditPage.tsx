import { Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { Pager } from '../../components/lists/Pager';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { useAuditPage } from './api/audit';
import { AUDIT_PAGE_SIZE, NO_FILTERS, type AuditFilters } from './filters';
import { AuditFiltersBar } from './AuditFiltersBar';
import { AuditTable } from './AuditTable';

const t = messages.audit;

/**
 * Auditoría (admin only, decision 019): who changed what and when, newest first, filtered and
 * paged on the server; each entry opens to its before/after.
 */
export default function AuditPage() {
  const title = useScreenTitle();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // A range that ends before it starts is not sent (the field says why).
  const invalidRange = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const list = useAuditPage(filters, page, !invalidRange);
  const data = invalidRange ? undefined : list.data;
  const filtered =
    filters.userId !== null ||
    filters.entity !== null ||
    filters.action !== null ||
    filters.from !== '' ||
    filters.to !== '';

  const changeFilters = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <AuditFiltersBar value={filters} onChange={changeFilters} />
      {!invalidRange && list.isPending && (
        <Loader role="status" aria-label="Cargando registro de auditoría" />
      )}
      {!invalidRange && list.isError && <ErrorBanner>{errorText(list.error, t.loadError)}</ErrorBanner>}
      {data && data.total === 0 && <Text>{filtered ? t.noMatches : t.empty}</Text>}
      {data && data.rows.length > 0 && (
        <Stack gap="sm" aria-busy={list.isFetching}>
          <AuditTable rows={data.rows} />
          <Pager
            label="Páginas del registro de auditoría"
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={data.total}
            onChange={setPage}
          />
        </Stack>
      )}
    </Stack>
  );
}
