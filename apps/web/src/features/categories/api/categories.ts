import { categoryEndpoints, type CategoryInput } from '@evalua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { categoryKeys, categoryQueries } from '../../../api/queries/categories';

/** Categorías' hooks: the query comes from the shared layer; every write invalidates the resource. */
export function useCategories() {
  return useQuery(categoryQueries.list());
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CategoryInput) => api.call(categoryEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryInput & { id: number }) =>
      api.call(categoryEndpoints.rename, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: number) => api.call(categoryEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
