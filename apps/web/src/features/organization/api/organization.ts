import { organizationEndpoints } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const organizationKeys = { all: ['organization'] as const };

const organizationQuery = () =>
  queryOptions({
    queryKey: organizationKeys.all,
    queryFn: () => api.call(organizationEndpoints.get),
  });

/** The organisation's name and its uploaded logo, if any (decision 058). */
export function useOrganization() {
  return useQuery(organizationQuery());
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return api.upload(organizationEndpoints.uploadLogo, form);
    },
    onSuccess: (organization) => queryClient.setQueryData(organizationKeys.all, organization),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(organizationEndpoints.removeLogo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
