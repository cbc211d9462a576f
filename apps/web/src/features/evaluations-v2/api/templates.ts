import type { V2Template, V2TemplateCreateInput } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * Plantillas 360 (/api/templates): the list (a handful, so it comes whole), save an evaluation as a
 * template, rename and delete. Changes refresh ['templates']; a delete also refreshes
 * ['evaluations-v2'] (the evaluations linked to it lose that link).
 */
export const templatesKey = ['templates'] as const;

export const templatesQuery = queryOptions({
  queryKey: templatesKey,
  queryFn: () => api.get<V2Template[]>('/api/templates'),
});

export function useTemplates() {
  return useQuery(templatesQuery);
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templatesKey });
}

export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: V2TemplateCreateInput) => api.post<V2Template>('/api/templates', body),
    onSuccess: invalidate,
  });
}

export function useRenameTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.put<V2Template>(`/api/templates/${id}`, { name }),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/templates/${id}`),
    onSuccess: () =>
      Promise.all(
        [templatesKey, ['evaluations-v2']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
