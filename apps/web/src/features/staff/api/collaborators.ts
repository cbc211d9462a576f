import { collaboratorEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { PageParams } from '../../../api/paging';
import { staffKeys, staffQueries } from '../../../api/queries/staff';
import { useInvalidateStaff } from './invalidate';

/**
 * Colaboradores: the paged list and the mutations. A change refreshes ['collaborators'], ['users']
 * and ['assignments'] (assigned and available lists show them).
 */
export function useCollaboratorsPage(params: PageParams) {
  return useQuery(staffQueries.collaboratorPage(params));
}

type CollaboratorBody = BodyInput<typeof collaboratorEndpoints.create>;

export function useCreateCollaborator() {
  const invalidate = useInvalidateStaff(staffKeys.collaborators);
  return useMutation({
    mutationFn: (body: CollaboratorBody) => api.call(collaboratorEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateCollaborator() {
  const invalidate = useInvalidateStaff(staffKeys.collaborators);
  return useMutation({
    mutationFn: ({ id, ...body }: CollaboratorBody & { id: number }) =>
      api.call(collaboratorEndpoints.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCollaborator() {
  const invalidate = useInvalidateStaff(staffKeys.collaborators);
  return useMutation({
    mutationFn: (id: number) => api.call(collaboratorEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
