import { outboxEndpoints, type QueryInput } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** What GET /api/outbox takes: status, q, page, pageSize. */
export type OutboxListQuery = QueryInput<typeof outboxEndpoints.list>;

/** Rows per page of the Correos screen. */
export const OUTBOX_PAGE_SIZE = 20;

/**
 * Correos (the outbox): every key starts with `outboxKeys.all`. Anything that writes a message
 * (an access link, a reminder, a resend) invalidates that root.
 */
export const outboxKeys = {
  all: ['outbox'] as const,
  page: (query: OutboxListQuery) => [...outboxKeys.all, 'page', query] as const,
};

export const outboxQueries = {
  /** One page of messages, newest first, filtered on the server. */
  page: (query: OutboxListQuery) =>
    queryOptions({
      queryKey: outboxKeys.page(query),
      queryFn: () => api.call(outboxEndpoints.list, { query }),
      // While the next page or filter loads, the list keeps showing the last one.
      placeholderData: keepPreviousData,
    }),
};
