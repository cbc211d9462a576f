import { Anchor, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListState } from '../../components/lists/ListState';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { Pager } from '../../components/lists/Pager';
import { SearchInput } from '../../components/lists/SearchInput';
import { fold } from '../../i18n/fold';
import { formatNumber } from '../../i18n/format';
import { messages } from '../../i18n/messages';
import { useEvaluatees } from './api/summary';

const t = messages.v2Results;
const PAGE_SIZE = 20;

/** Case- and accent-insensitive text for the name search. */

/** The people evaluated in the evaluation, searchable by name, each linking to their results. */
export function EvaluateeList({ evaluationId }: { evaluationId: number }) {
  const list = useEvaluatees(evaluationId);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const all = list.data ?? [];
  const q = fold(search.trim());
  const matches = q ? all.filter((e) => fold(e.name).includes(q)) : all;
  const rows = matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="v2-evaluatees-heading">
      <Title order={2} size="h3" id="v2-evaluatees-heading">
        Personas evaluadas
      </Title>
      <SearchInput label="Buscar persona" placeholder="Nombre" value={search} onChange={onSearch} />
      <ListState
        query={list}
        isEmpty={list.isSuccess && matches.length === 0}
        loadingLabel="Cargando personas evaluadas"
        errorText={t.evaluateesError}
        emptyText={all.length === 0 ? t.noEvaluatees : t.noMatches}
      />
      {rows.length > 0 && (
        <ResponsiveTable
          labelledBy="v2-evaluatees-heading"
          rows={rows}
          rowKey={(e) => e.id}
          columns={[
            { header: 'Persona', title: true, cell: (e) => e.name },
            {
              header: 'Evaluaciones completadas',
              cell: (e) => `${formatNumber(e.completed)} de ${formatNumber(e.total)}`,
            },
            {
              header: 'Acción',
              actions: true,
              cell: (e) => (
                <Anchor
                  component={Link}
                  to={`/evaluations-v2/${evaluationId}/results/${e.id}`}
                  aria-label={`Ver resultados de ${e.name}`}
                >
                  Ver resultados
                </Anchor>
              ),
            },
          ]}
        />
      )}
      <Pager
        label="Páginas de personas evaluadas"
        page={page}
        pageSize={PAGE_SIZE}
        total={matches.length}
        onChange={setPage}
      />
    </Stack>
  );
}
