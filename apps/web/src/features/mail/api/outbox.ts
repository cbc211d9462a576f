import { outboxEndpoints } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { outboxKeys, outboxQueries, type OutboxListQuery } from '../../../api/queries/outbox';

/** Correos' hooks: the list from the shared query layer, and the resend. */
export function useOutboxPage(query: OutboxListQuery) {
  return useQuery(outboxQueries.page(query));
}

export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(outboxEndpoints.resend, { params: { id } }),
    // The message's row changes (status, attempts): every page of the outbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
