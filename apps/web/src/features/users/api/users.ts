import type { CreateUserInput, Paged, PublicUser, UpdateUserInput, UserListRow } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { meQueryKey, useMe } from '../../../api/session';

/** Usuarios: the fetchers, their query options and hooks. Every key starts with ['users']. */
export const usersKey = ['users'] as const;
export const usersListKey = [...usersKey, 'list'] as const;

export const USERS_PAGE_SIZE = 10;

export function usersPageQuery(page: number, q: string) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(USERS_PAGE_SIZE) });
  if (q) params.set('q', q);
  return queryOptions({
    queryKey: [...usersListKey, { page, q }],
    queryFn: () => api.get<Paged<UserListRow>>(`/api/users?${params.toString()}`),
    // While the next page or search loads, the table keeps showing the last one.
    placeholderData: keepPreviousData,
  });
}

export function useUsersPage(page: number, q: string) {
  return useQuery(usersPageQuery(page, q));
}

export function userQuery(id: number) {
  return queryOptions({
    queryKey: [...usersKey, 'detail', id],
    queryFn: () => api.get<PublicUser>(`/api/users/${id}`),
  });
}

export function useUser(id: number) {
  return useQuery({ ...userQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserInput) => api.post<PublicUser>('/api/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersListKey }),
  });
}

/** A changed user: the lists, its own entry, and the session's user when it is the same person. */
function useUserChanged() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  return async (user: PublicUser) => {
    queryClient.setQueryData(userQuery(user.id).queryKey, user);
    await queryClient.invalidateQueries({ queryKey: usersListKey });
    if (me?.id === user.id) await queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useUpdateUser() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserInput & { id: number }) =>
      api.put<PublicUser>(`/api/users/${id}`, body),
    onSuccess: changed,
  });
}

export function useSetUserStatus() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) =>
      api.patch<PublicUser>(`/api/users/${id}/status`, { status }),
    onSuccess: changed,
  });
}
