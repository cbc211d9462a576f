import {
  userEndpoints,
  type CreateUserInput,
  type PublicUser,
  type UpdateUserInput,
} from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userKeys, userQueries } from '../../../api/queries/users';
import { meQueryKey, useMe } from '../../../api/session';

/** Usuarios' hooks: the queries come from the shared layer (api/queries/users.ts). */
export function useUsersPage(page: number, q: string) {
  return useQuery(userQueries.page({ page, q }));
}

export function useUser(id: number) {
  return useQuery({ ...userQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserInput) => api.call(userEndpoints.create, { body }),
    // A new user: only the lists change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

/** A changed user: the lists, its own entry, and the session's user when it is the same person. */
function useUserChanged() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  return async (user: PublicUser) => {
    queryClient.setQueryData(userKeys.detail(user.id), user);
    await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    if (me?.id === user.id) await queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useUpdateUser() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserInput & { id: number }) =>
      api.call(userEndpoints.update, { params: { id }, body }),
    onSuccess: changed,
  });
}

/** Admin only (decision 040): the address shown is the person's own. */
export function useConfirmEmail() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) =>
      api.call(userEndpoints.confirmEmail, { params: { id }, body: { email } }),
    onSuccess: changed,
  });
}

export function useSetUserStatus() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) =>
      api.call(userEndpoints.setStatus, { params: { id }, body: { status } }),
    onSuccess: changed,
  });
}
