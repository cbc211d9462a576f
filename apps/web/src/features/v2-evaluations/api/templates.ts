import { v2TemplateEndpoints, type BodyInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2EvaluationKeys } from '../../../api/queries/v2-evaluations';
import { v2TemplateKeys, v2TemplateQueries } from '../../../api/queries/v2-templates';

/**
 * Plantillas 360: the list (from the shared query layer), save an evaluation as a template, rename
 * and delete. Changes refresh the templates (v2TemplateKeys.all); a delete also refreshes the
 * evaluations (v2EvaluationKeys.all: those linked to it lose that link).
 */
export function useTemplates() {
  return useQuery(v2TemplateQueries.list());
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: v2TemplateKeys.all });
}

export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: BodyInput<typeof v2TemplateEndpoints.create>) =>
      api.call(v2TemplateEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useRenameTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.call(v2TemplateEndpoints.rename, { params: { id }, body: { name } }),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(v2TemplateEndpoints.remove, { params: { id } }),
    onSuccess: () =>
      Promise.all(
        [v2TemplateKeys.all, v2EvaluationKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
