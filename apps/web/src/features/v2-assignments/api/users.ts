import { userEndpoints } from '@evalua/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { asPage, pageQuery, type PageParams } from '../../../api/paging';
import { userKeys, userQueries } from '../../../api/queries/users';

/** The people table of 'Asignaciones (V2)': 10 per page (SPEC §9). */
export const USERS_PAGE_SIZE = 10;
/** The modal's checklist loads this many at a time ("Cargar más" for the next ones). */
export const CANDIDATES_PAGE_SIZE = 50;

/** A page of users whose name or e-mail matches q. */
export function useUsersPage(params: PageParams) {
  return useQuery(userQueries.page(params, USERS_PAGE_SIZE));
}

/** The modal's checklist: the same call, searched on the server, one page of 50 after another. */
export function useCandidates(q: string) {
  return useInfiniteQuery({
    queryKey: userKeys.candidates(q),
    queryFn: async ({ pageParam }) =>
      asPage(
        await api.call(userEndpoints.list, {
          query: pageQuery({ q, page: pageParam }, CANDIDATES_PAGE_SIZE),
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Whom a typed id names (a 404 means nobody). Kept for five minutes. */
export function useUserLookup(userId: number | null) {
  return useQuery({
    ...userQueries.detail(userId ?? 0),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Who the batch's ids are (one call for the whole batch), kept while the batch grows. */
export function useBatchLookup(ids: readonly number[]) {
  return useQuery({ ...userQueries.lookup(ids), staleTime: 60_000, retry: false });
}

/** The people search beside an id field: up to 20 users whose name or e-mail matches `q`. */
export const SEARCH_PAGE_SIZE = 20;
export function usePeopleSearch(q: string) {
  return useQuery({ ...userQueries.page({ q, page: 1 }, SEARCH_PAGE_SIZE), enabled: q.length > 0 });
}
