import type { ChangePasswordRequest, Profile } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { meQueryKey } from '../../api/session';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => api.get<Profile>('/api/profile'),
});

export function useProfile() {
  return useQuery(profileQuery);
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<void>('/api/profile/change-password', body),
    // The password is now the user's own: /api/users/me says so (decision 023).
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}
