import { profileEndpoints, type ChangePasswordRequest } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { profileQueries } from '../../api/queries/profile';
import { meQueryKey } from '../../api/session';

export function useProfile() {
  return useQuery(profileQueries.mine());
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.call(profileEndpoints.changePassword, { body }),
    // The password is now the user's own: the session, read again, says so (decision 023).
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}
