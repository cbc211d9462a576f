import {
  RELEASE_AUDIENCES,
  RELEASE_AUDIENCE_LABELS,
  audienceOf,
  releaseOf,
  type ReleaseAudience,
  type V2PersonRelease,
  type V2ReleaseState,
} from '@evalua/contracts';
import { Anchor, Button, Group, Loader, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorText } from '../../api/errors';
import { useScreenTitle } from '../../components/screen-title';
import { parseId } from './format';
import { useState } from 'react';
import { RELEASE_PAGE_SIZE } from '../../api/queries/v2-results';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useActionError } from '../../components/feedback/useActionError';
import { useConfirm } from '../../components/feedback/useConfirm';
import { ListState } from '../../components/lists/ListState';
import { Pager } from '../../components/lists/Pager';
import { ResponsiveTable } from '../../components/lists/ResponsiveTable';
import { SearchInput } from '../../components/lists/SearchInput';
import { usePagedSearch } from '../../components/lists/usePagedSearch';
import { notify } from '../../components/feedback/notify';
import { messages } from '../../i18n/messages';
import { useRelease, useReleasePeople, useSetPersonRelease, useSetRelease } from './api/release';
import { INHERIT, personBody, personChoice, widens } from './release-choices';

const t = messages.v2Release;
function PeopleReleases({ id, state }: { id: number; state: V2ReleaseState }) {
  const paging = usePagedSearch();
  const { q, page, setPage } = paging;
  const list = useReleasePeople(id, q, page);
  const setPerson = useSetPersonRelease(id);
  const { error, run } = useActionError();
  const options = [
    { value: INHERIT, label: t.asEvaluation(RELEASE_AUDIENCE_LABELS[audienceOf(state)]) },
    ...RELEASE_AUDIENCES.map((a) => ({ value: a, label: RELEASE_AUDIENCE_LABELS[a] })),
  ];
  const change = (p: V2PersonRelease, value: string | null) =>
    value &&
    run(async () => {
      await setPerson.mutateAsync({ userId: p.user_id, body: personBody(value) });
      notify.success(t.personSaved(p.name));
    }, t.saveError);
  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3" id="v2-release-people-heading">
        {t.peopleTitle}
      </Title>
      <SearchInput
        label="Buscar persona en la publicación"
        placeholder="Nombre"
        value={paging.search}
        onChange={paging.setSearch}
      />
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <ListState
        query={list}
        isEmpty={list.isSuccess && rows.length === 0}
        loadingLabel="Cargando personas"
        errorText={t.loadError}
        emptyText={q ? messages.v2Results.noMatches : messages.v2Results.noEvaluatees}
      />
      {rows.length > 0 && (
        <ResponsiveTable
          labelledBy="v2-release-people-heading"
          rows={rows}
          rowKey={(p) => p.user_id}
          columns={[
            { header: 'Persona', title: true, cell: (p) => p.name },
            { header: 'Reporta a', cell: (p) => p.manager_name ?? '—' },
            {
              header: 'Compartir con',
              cell: (p) => (
                <NativeSelect
                  aria-label={`Compartir los resultados de ${p.name} con`}
                  data={options}
                  value={personChoice(p)}
                  onChange={(e) => void change(p, e.currentTarget.value)}
                  disabled={setPerson.isPending}
                />
              ),
            },
          ]}
        />
      )}
      {list.data && (
        <Pager
          label="Páginas de personas"
          page={page}
          pageSize={RELEASE_PAGE_SIZE}
          total={list.data.total}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}

function EvaluationRelease({ id, state }: { id: number; state: V2ReleaseState }) {
  const saved = audienceOf(state);
  const [choice, setChoice] = useState<ReleaseAudience | null>(null);
  const value = choice ?? saved;
  const set = useSetRelease(id);
  const { error, run } = useActionError();
  const save = (audience: ReleaseAudience) =>
    run(async () => {
      await set.mutateAsync(releaseOf(audience));
      setChoice(null);
      notify.success(t.saved);
    }, t.saveError);
  // Sharing a closed evaluation's results e-mails the people who now read them: asked first.
  const confirm = useConfirm<ReleaseAudience>(save);
  const submit = () => (state.closed && widens(saved, value) ? confirm.ask(value) : void save(value));
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t.evaluationLabel}
        description={state.closed ? t.closedHint : t.openHint}
        value={value}
        onChange={(v) => setChoice(v as ReleaseAudience)}
      >
        <Stack gap={6} mt="xs">
          {RELEASE_AUDIENCES.map((a) => (
            <Radio key={a} value={a} label={RELEASE_AUDIENCE_LABELS[a]} />
          ))}
        </Stack>
      </Radio.Group>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <Group>
        <Button onClick={submit} loading={set.isPending} disabled={value === saved}>
          Guardar publicación
        </Button>
        {state.overrides > 0 && (
          <Text size="sm" c="dimmed">
            {t.overrides(state.overrides)}
          </Text>
        )}
      </Group>
      <ConfirmDialog
        {...confirm.dialog}
        title={t.confirmTitle}
        message={t.confirmText}
        confirmLabel="Publicar y avisar"
        tone="primary"
      />
    </Stack>
  );
}

/**
 * 'Publicación de resultados' (/evaluations-v2/{id}/publicacion: admin and HR, decision 038): with whom
 * each person's results are shared once the evaluation is closed — for everyone, and per person where
 * it differs. Its own screen: the results page stays within its JavaScript budget.
 */
export default function ReleasePage() {
  const title = useScreenTitle();
  const id = parseId(useParams().id);
  const release = useRelease(id);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group>
        <Anchor component={Link} to={id === null ? '/evaluations-v2' : `/evaluations-v2/${id}/results`}>
          Volver a los resultados de la evaluación
        </Anchor>
      </Group>
      {id === null && <ErrorBanner>{t.loadError}</ErrorBanner>}
      {id !== null && release.isPending && (
        <Loader role="status" aria-label="Cargando publicación" size="sm" />
      )}
      {id !== null && release.isError && (
        <ErrorBanner>{errorText(release.error, t.loadError, [404])}</ErrorBanner>
      )}
      {id !== null && release.data && (
        <>
          <Paper withBorder p="md" component="section" aria-labelledby="v2-release-heading">
            <Title order={2} size="h3" id="v2-release-heading" mb="sm">
              Para toda la evaluación
            </Title>
            <EvaluationRelease id={id} state={release.data} />
          </Paper>
          <PeopleReleases id={id} state={release.data} />
        </>
      )}
    </Stack>
  );
}
