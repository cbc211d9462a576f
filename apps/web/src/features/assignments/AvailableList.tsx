import {
  AVAILABLE_PAGE_SIZE,
  BULK_ASSIGNMENT_TEXT,
  ROLE_LABELS,
  type AvailableCollaborator,
  type Evaluator,
} from '@evalua/contracts';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { availableFilter } from '../../api/queries/assignments';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { PagedList } from '../../components/lists/PagedList';
import { EmailText } from '../../components/lists/EmailText';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { AvailableFilters, type Filters } from './AvailableFilters';
import { useAddAssignment, useAvailable, useBulkAssign } from './api/assignments';

const t = messages.assignments;
const dash = (v: string | null) => v || '—';

/**
 * Active non-admin people not yet assigned to the evaluator: searched, filtered by category and
 * department, and paged (5) on the server. 'Asignar' adds one (the spec's screen); ticking several —
 * across pages — adds them at once, and 'Asignar todas' adds every person the filters match
 * (decision 057).
 */
export function AvailableList({ evaluator }: { evaluator: Evaluator }) {
  const paging = usePagedSearch();
  const { q, page, setPage } = paging;
  const [filters, setFilters] = useState<Filters>({});
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const [askAll, setAskAll] = useState(false);
  const list = useAvailable(evaluator.id, { q, page, ...filters });
  const add = useAddAssignment();
  const bulk = useBulkAssign();
  const { error, clear, run } = useActionError();
  const total = list.data?.total ?? 0;
  const filtered = Boolean(q || filters.category_id || filters.department);

  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };
  const toggle = (person: AvailableCollaborator, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(person.id, person.name);
      else next.delete(person.id);
      return next;
    });

  const assign = (person: AvailableCollaborator) =>
    run(async () => {
      await add.mutateAsync({ evaluator_id: evaluator.id, collaborator_id: person.id });
      toggle(person, false);
      if (list.data?.rows.length === 1 && page > 1) setPage(page - 1);
      notify.success(t.added(person.name));
    }, t.addError);

  const assignMany = (
    body: { collaborator_ids: number[] } | { filter: ReturnType<typeof availableFilter> },
  ) =>
    run(async () => {
      const done = await bulk.mutateAsync({ evaluator_id: evaluator.id, ...body });
      setPicked(new Map());
      setPage(1);
      notify.success(BULK_ASSIGNMENT_TEXT.bulkDone(done, evaluator.name));
    }, t.bulkError);

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Agregar colaboradores
        </Title>
        {error && <ErrorBanner onClose={clear}>{error}</ErrorBanner>}
        <AvailableFilters value={filters} onChange={changeFilters} />
        <Group gap="sm" wrap="wrap" aria-label="Asignar varias personas" role="group">
          <Button
            size="sm"
            disabled={picked.size === 0}
            loading={bulk.isPending && bulk.variables?.collaborator_ids !== undefined}
            onClick={() => void assignMany({ collaborator_ids: [...picked.keys()] })}
          >
            Asignar seleccionadas ({picked.size})
          </Button>
          {picked.size > 0 && (
            <Button size="sm" variant="subtle" onClick={() => setPicked(new Map())}>
              Limpiar selección
            </Button>
          )}
          <Button
            size="sm"
            variant="light"
            disabled={total === 0}
            loading={bulk.isPending && bulk.variables?.filter !== undefined}
            onClick={() => setAskAll(true)}
          >
            {filtered ? `Asignar todas las filtradas (${total})` : `Asignar todas (${total})`}
          </Button>
        </Group>
        <PagedList
          list={list}
          paging={paging}
          pageSize={AVAILABLE_PAGE_SIZE}
          searchLabel="Buscar persona disponible"
          searchPlaceholder="Nombre"
          loadingLabel="Cargando personas disponibles"
          errorText={t.availableLoadError}
          emptyText={
            filters.category_id || filters.department ? t.noMatches : q ? t.noResults(q) : t.availableEmpty
          }
          pagerLabel="Páginas de personas disponibles"
        >
          {(rows) => (
            <ResponsiveTable
              label="Personas disponibles"
              rows={rows}
              rowKey={(p) => p.id}
              columns={[
                {
                  header: 'Seleccionar',
                  headerHidden: true,
                  cell: (p) => (
                    <Checkbox
                      aria-label={`Seleccionar a ${p.name}`}
                      checked={picked.has(p.id)}
                      onChange={(e) => toggle(p, e.currentTarget.checked)}
                    />
                  ),
                },
                {
                  header: 'Nombre',
                  title: true,
                  cell: (p) =>
                    p.role === 'colaborador' ? (
                      p.name
                    ) : (
                      <>
                        {p.name}{' '}
                        <Badge size="xs" variant="light" color="gray">
                          {ROLE_LABELS[p.role]}
                        </Badge>
                      </>
                    ),
                },
                { header: 'Correo electrónico', cell: (p) => <EmailText email={p.email} /> },
                { header: 'Puesto', cell: (p) => dash(p.position) },
                { header: 'Departamento', cell: (p) => dash(p.department) },
                { header: 'Categoría', cell: (p) => dash(p.category_name) },
                {
                  header: 'Acción',
                  actions: true,
                  cell: (p) => (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => void assign(p)}
                      loading={add.isPending && add.variables?.collaborator_id === p.id}
                      aria-label={`Asignar ${p.name}`}
                    >
                      Asignar
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </PagedList>
        {picked.size > 0 && (
          <Text size="sm" c="dimmed">
            Seleccionadas: {[...picked.values()].join(', ')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={askAll}
        title="Asignar varias personas"
        message={t.confirmAll(total, evaluator.name, filtered)}
        confirmLabel="Asignar"
        tone="primary"
        loading={bulk.isPending}
        onCancel={() => setAskAll(false)}
        onConfirm={() => {
          setAskAll(false);
          void assignMany({ filter: availableFilter({ q, page, ...filters }) });
        }}
      />
    </Paper>
  );
}
