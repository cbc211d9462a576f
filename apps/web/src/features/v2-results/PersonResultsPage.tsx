import { ERROR_CODES, MANAGER_ROLES } from '@evalua/contracts';
import { Anchor, Group, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorText, failedWith, hasErrorCode } from '../../api/errors';
import { useMe } from '../../api/session';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { useScreenTitle } from '../../components/screen-title';
import { messages } from '../../i18n/messages';
import { usePersonResults } from './api/person';
import { parseId } from './format';
import { NotReleasedNotice } from './NotReleasedNotice';
import { PersonResults } from './PersonResults';
import { ResultExportButtons } from './ResultExportButtons';

const t = messages.v2Results;

function PersonResultsView({ id, userId, own }: { id: number; userId: number; own: boolean }) {
  const results = usePersonResults(id, userId);
  // Closed, but not shared with this reader yet (decision 038): the server's sentence.
  const notReleased = hasErrorCode(results.error, ERROR_CODES.resultsNotReleased) ? results.error : null;
  const denied = failedWith(results.error, 403) && !notReleased;
  return (
    <>
      {results.isPending && <Loader role="status" aria-label="Cargando resultados" />}
      {notReleased && <NotReleasedNotice note={notReleased.message} />}
      {denied && (
        <ErrorBanner>
          {t.denied}
          {/* Only one's own results come at the close; someone else's are simply not one's to read. */}
          {own && ` ${t.notYet}`}
        </ErrorBanner>
      )}
      {results.isError && !denied && (
        <ErrorBanner>{errorText(results.error, t.loadError, [404])}</ErrorBanner>
      )}
      {results.data && (
        <>
          {/* Before the close a non-admin's files would hold completion only: they wait for it. */}
          {results.data.released && <ResultExportButtons evaluationId={id} userId={userId} />}
          <PersonResults results={results.data} />
        </>
      )}
    </>
  );
}

/**
 * One person's 360 results (/evaluations-v2/{id}/results/{userId}): admin, HR, or — once closed and
 * shared with them (decision 038) — the person and their manager; the server decides.
 */
export default function PersonResultsPage() {
  const title = useScreenTitle();
  const params = useParams();
  const id = parseId(params.id);
  const userId = parseId(params.userId);
  const { data: me } = useMe();
  const manager = me ? (MANAGER_ROLES as readonly string[]).includes(me.role) : false;
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group gap="lg">
        {manager && id !== null && (
          <Anchor component={Link} to={`/evaluations-v2/${id}/results`}>
            Volver a los resultados de la evaluación
          </Anchor>
        )}
        {!manager && (
          <Anchor component={Link} to={me && String(me.id) !== params.userId ? '/mi-equipo-360' : '/profile'}>
            {me && String(me.id) !== params.userId
              ? 'Volver a Resultados de mi equipo'
              : 'Volver a Mi Perfil'}
          </Anchor>
        )}
      </Group>
      {id === null || userId === null ? (
        <ErrorBanner>{t.loadError}</ErrorBanner>
      ) : (
        <PersonResultsView id={id} userId={userId} own={!manager && me?.id === userId} />
      )}
    </Stack>
  );
}
