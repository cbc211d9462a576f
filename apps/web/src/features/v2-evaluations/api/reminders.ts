import { reminderEndpoints } from '@evalua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { outboxKeys } from '../../../api/queries/outbox';
import { reminderKeys, reminderQueries } from '../../../api/queries/reminders';
import type { ReminderCalls } from '../../../components/useReminderFlow';

/** 'Enviar recordatorio' of a 360 evaluation: the count (read fresh each time) and the sending. */
export function useV2Reminders(): ReminderCalls {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (id: number) => api.call(reminderEndpoints.v2Send, { params: { id } }),
    // New messages in the outbox; the next count is read again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
        queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
      ]),
  });
  return {
    preview: (id) => queryClient.fetchQuery(reminderQueries.v2Preview(id)),
    send: send.mutateAsync,
  };
}
