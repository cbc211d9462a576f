import type { Paged, PublicUser, UserListRow } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath, type PageParams } from '../../../api/paging';
import { v2AssignmentsKey } from './keys';

/** The people table of 'Asignaciones (V2)': 10 per page (SPEC §9). */
export const USERS_PAGE_SIZE = 10;
/** The modal's checklist loads this many at a time ("Cargar más" for the next ones). */
export const CANDIDATES_PAGE_SIZE = 50;

const usersPath = (params: PageParams, pageSize: number) => pagedPath('/api/users', params, pageSize);

/** GET /api/users?page=&pageSize=&q= (name or e-mail). */
export const usersQuery = (evaluationId: number, params: PageParams) =>
  queryOptions({
    queryKey: [...v2AssignmentsKey(evaluationId), 'users', params],
    queryFn: () => api.get<Paged<UserListRow>>(usersPath(params, USERS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

export function useUsersPage(evaluationId: number, params: PageParams) {
  return useQuery(usersQuery(evaluationId, params));
}

/** The modal's checklist: the same call, searched on the server, one page of 50 after another. */
export function useCandidates(evaluationId: number, q: string) {
  return useInfiniteQuery({
    queryKey: [...v2AssignmentsKey(evaluationId), 'candidates', q],
    queryFn: ({ pageParam }) =>
      api.get<Paged<UserListRow>>(usersPath({ q, page: pageParam }, CANDIDATES_PAGE_SIZE)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/{id}: whom a typed id names (a 404 means nobody). Kept for five minutes. */
export function useUserLookup(evaluationId: number, userId: number | null) {
  return useQuery({
    queryKey: [...v2AssignmentsKey(evaluationId), 'user', userId],
    queryFn: () => api.get<PublicUser>(`/api/users/${userId ?? 0}`),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
