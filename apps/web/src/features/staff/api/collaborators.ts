import type { Collaborator, Paged } from '@evalua/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pagedPath, type PageParams } from '../../../api/paging';
import { STAFF_PAGE_SIZE, staffChangedKeys } from './paging';

/**
 * Colaboradores (/api/collaborators): the paged list and the mutations. A change refreshes
 * ['collaborators'], ['users'] and ['assignments'] (assigned and available lists show them).
 */
export const collaboratorsKey = ['collaborators'] as const;

export interface CollaboratorBody {
  name: string;
  position: string;
  department: string | null;
  email: string | null;
  category_id: number;
}

export const collaboratorsPageQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...collaboratorsKey, 'page', params],
    queryFn: () => api.get<Paged<Collaborator>>(pagedPath('/api/collaborators', params, STAFF_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

export function useCollaboratorsPage(params: PageParams) {
  return useQuery(collaboratorsPageQuery(params));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [collaboratorsKey, ...staffChangedKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useCreateCollaborator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CollaboratorBody) => api.post<Collaborator>('/api/collaborators', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCollaborator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: CollaboratorBody & { id: number }) =>
      api.put<Collaborator>(`/api/collaborators/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCollaborator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/collaborators/${id}`),
    onSuccess: invalidate,
  });
}
