import { v2ReleaseEndpoints, type V2PersonReleaseInput, type V2Release } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2ResultKeys, v2ResultQueries } from '../../../api/queries/v2-results';

/** Who reads an evaluation's results (decision 038): its choice, its people's, and the changes. */
/** null: the address holds no valid id, and nothing is asked. */
export const useRelease = (id: number | null) =>
  useQuery({ ...v2ResultQueries.release(id ?? 0), enabled: id !== null });
export const useReleasePeople = (id: number, q: string, page: number) =>
  useQuery(v2ResultQueries.releasePeople(id, q, page));
/** The results of the people who report to the caller. */
export const useTeamResults = () => useQuery(v2ResultQueries.team());

export function useSetRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V2Release) => api.call(v2ReleaseEndpoints.set, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2ResultKeys.release(id) }),
  });
}

export function useSetPersonRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: V2PersonReleaseInput }) =>
      api.call(v2ReleaseEndpoints.setPerson, { params: { id, userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2ResultKeys.release(id) }),
  });
}
