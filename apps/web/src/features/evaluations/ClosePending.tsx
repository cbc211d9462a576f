import type { V1Pending } from '@evalua/contracts';
import { Alert, List, Loader, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';

const t = messages.evaluations;

/**
 * What closing a V1 round leaves unanswered (issue 30 §3), in the close dialog: how many of the
 * round's evaluations are still to be sent and, a click away, by whom and for whom.
 */
export function ClosePending({ pending, failed }: { pending: V1Pending | undefined; failed: boolean }) {
  if (failed) return <Alert color="yellow">{t.closePendingError}</Alert>;
  if (!pending) return <Loader size="sm" role="status" aria-label={t.closePendingLoading} />;
  if (pending.pending.length === 0) return <Text fw={500}>{t.closeNothingPending(pending.total)}</Text>;
  return (
    <>
      <Text fw={500}>{t.closePending(pending.pending.length, pending.total)}</Text>
      <details>
        <summary>{t.closePendingWho}</summary>
        <List size="sm" mt="xs" spacing={2}>
          {pending.pending.map((p, i) => (
            <List.Item key={i}>{t.closePendingPair(p.evaluator_name, p.collaborator_name)}</List.Item>
          ))}
        </List>
      </details>
    </>
  );
}
