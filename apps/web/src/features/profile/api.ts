import type { ChangePasswordRequest, Profile } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => api.get<Profile>('/api/profile'),
});

export function useProfile() {
  return useQuery(profileQuery);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<void>('/api/profile/change-password', body),
  });
}
