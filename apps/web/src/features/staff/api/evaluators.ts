import { evaluatorEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { PageParams } from '../../../api/paging';
import { staffKeys, staffQueries } from '../../../api/queries/staff';
import { useInvalidateStaff } from './invalidate';

/**
 * Evaluadores: the paged list of the screen (the picker's whole list is `staffQueries.evaluatorOptions`)
 * and the mutations. An evaluator is also a user and a possible collaborator of another evaluator,
 * so a change refreshes ['evaluators'], ['users'] and ['assignments'].
 */
export function useEvaluatorsPage(params: PageParams) {
  return useQuery(staffQueries.evaluatorPage(params));
}

export function useCreateEvaluator() {
  const invalidate = useInvalidateStaff(staffKeys.evaluators);
  return useMutation({
    mutationFn: (body: BodyInput<typeof evaluatorEndpoints.create>) =>
      api.call(evaluatorEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateEvaluator() {
  const invalidate = useInvalidateStaff(staffKeys.evaluators);
  return useMutation({
    mutationFn: ({ id, ...body }: BodyInput<typeof evaluatorEndpoints.update> & { id: number }) =>
      api.call(evaluatorEndpoints.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteEvaluator() {
  const invalidate = useInvalidateStaff(staffKeys.evaluators);
  return useMutation({
    mutationFn: (id: number) => api.call(evaluatorEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
