import { userEndpoints } from '@evalua/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { asPage, pageQuery, type PageParams } from '../paging';

/** Rows per page of the Usuarios screen. */
export const USERS_PAGE_SIZE = 10;

/** Usuarios: every key of the resource starts with `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  page: (params: PageParams, pageSize: number) => [...userKeys.lists(), { ...params, pageSize }] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  /** The 360 batch modal's checklist, searched on the server and loaded page after page. */
  candidates: (q: string) => [...userKeys.lists(), 'candidates', q] as const,
  /** Who the ids of a 360 batch are (POST /api/users/lookup, decision 035). */
  lookup: (ids: readonly number[]) => [...userKeys.all, 'lookup', ids] as const,
};

export const userQueries = {
  /**
   * One page of users whose name or e-mail matches `q` (?page=&pageSize=&q=): the Usuarios screen,
   * and the audit's user filter (20 at a time).
   */
  page: (params: PageParams, pageSize: number = USERS_PAGE_SIZE) =>
    queryOptions({
      queryKey: userKeys.page(params, pageSize),
      queryFn: async () => asPage(await api.call(userEndpoints.list, { query: pageQuery(params, pageSize) })),
      // While the next page or search loads, the list keeps showing the last one.
      placeholderData: keepPreviousData,
    }),
  /**
   * Which of these ids name a user, and whether active (ids sorted and unique, so one batch is one
   * key whatever its order). One call for the whole batch.
   */
  lookup: (ids: readonly number[]) =>
    queryOptions({
      queryKey: userKeys.lookup(ids),
      // The ids asked go with the answer: an id missing from it names nobody only if it was asked.
      queryFn: async () => ({
        asked: ids,
        ...(await api.call(userEndpoints.lookup, { body: { ids: [...ids] } })),
      }),
      enabled: ids.length > 0,
      placeholderData: keepPreviousData,
    }),
  /** One user by id (oneself, admin and HR, or an evaluator's assigned collaborator). */
  detail: (id: number) =>
    queryOptions({
      queryKey: userKeys.detail(id),
      queryFn: () => api.call(userEndpoints.get, { params: { id } }),
    }),
};
