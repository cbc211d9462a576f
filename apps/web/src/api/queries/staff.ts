import { collaboratorEndpoints, evaluatorEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { asPage, pageQuery, type PageParams } from '../paging';

/** The staff screens page by 10 on the server. */
export const STAFF_PAGE_SIZE = 10;

/**
 * Evaluadores and Colaboradores: every evaluator key starts with `staffKeys.evaluators`, every
 * collaborator key with `staffKeys.collaborators`.
 */
export const staffKeys = {
  evaluators: ['evaluators'] as const,
  evaluatorPage: (params: PageParams) => [...staffKeys.evaluators, 'page', params] as const,
  evaluatorOptions: () => [...staffKeys.evaluators, 'all'] as const,
  collaborators: ['collaborators'] as const,
  collaboratorPage: (params: PageParams) => [...staffKeys.collaborators, 'page', params] as const,
};

export const staffQueries = {
  /** A page of the Evaluadores screen. */
  evaluatorPage: (params: PageParams) =>
    queryOptions({
      queryKey: staffKeys.evaluatorPage(params),
      queryFn: async () =>
        asPage(await api.call(evaluatorEndpoints.list, { query: pageQuery(params, STAFF_PAGE_SIZE) })),
      placeholderData: keepPreviousData,
    }),
  /** Every active evaluator (the bare list), for a picker. */
  evaluatorOptions: () =>
    queryOptions({
      queryKey: staffKeys.evaluatorOptions(),
      queryFn: async () => {
        const answer = await api.call(evaluatorEndpoints.list);
        return Array.isArray(answer) ? answer : answer.rows;
      },
    }),
  /** A page of the Colaboradores screen. */
  collaboratorPage: (params: PageParams) =>
    queryOptions({
      queryKey: staffKeys.collaboratorPage(params),
      queryFn: async () =>
        asPage(await api.call(collaboratorEndpoints.list, { query: pageQuery(params, STAFF_PAGE_SIZE) })),
      placeholderData: keepPreviousData,
    }),
};
