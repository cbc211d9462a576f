import type { UserListRow } from '@evalua/contracts';
import { Button, Checkbox, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { ErrorBanner } from '../../components/feedback/ErrorBanner';
import { messages } from '../../i18n/messages';
import { useCandidates } from './api/users';
import { dash } from './format';

const t = messages.v2Assignments;

interface Props {
  evaluatee: UserListRow;
  allowSelf: boolean | undefined;
  q: string;
  selected: ReadonlySet<number>;
  onToggle: (user: UserListRow, checked: boolean) => void;
}

function describe(u: UserListRow, evaluateeId: number): string {
  const parts = [`${dash(u.department)} · ${dash(u.position)}`];
  if (u.id === evaluateeId) parts.push('Autoevaluación');
  if (!u.status) parts.push('Inactivo');
  return parts.join(' · ');
}

/**
 * The modal's checklist: users found on the server (50 at a time), each with department and
 * position. An inactive user (or the evaluatee when self is not allowed) can only be unticked.
 */
export function CandidateList({ evaluatee, allowSelf, q, selected, onToggle }: Props) {
  const list = useCandidates(q);
  const users = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const blocked = (u: UserListRow) => !u.status || (u.id === evaluatee.id && allowSelf === false);

  return (
    <ScrollArea h="24rem" type="auto" offsetScrollbars>
      <Stack gap="sm" role="group" aria-label="Posibles evaluadores" p={2}>
        {list.isPending && <Loader role="status" aria-label="Cargando usuarios" size="sm" />}
        {list.isError && <ErrorBanner>{t.usersError}</ErrorBanner>}
        {list.isSuccess && users.length === 0 && <Text>{t.noResults}</Text>}
        {users.map((u) => (
          <Checkbox
            key={u.id}
            label={u.name}
            description={describe(u, evaluatee.id)}
            checked={selected.has(u.id)}
            disabled={blocked(u) && !selected.has(u.id)}
            onChange={(e) => onToggle(u, e.currentTarget.checked)}
          />
        ))}
        {list.hasNextPage && (
          <Button
            variant="subtle"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            style={{ alignSelf: 'flex-start' }}
          >
            Cargar más
          </Button>
        )}
      </Stack>
    </ScrollArea>
  );
}
