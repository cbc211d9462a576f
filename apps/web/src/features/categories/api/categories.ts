import type { Category, CategoryInput } from '@evalua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Categorías: the fetchers, their query options and hooks. Mutations invalidate exactly ['categories']. */
export const categoriesKey = ['categories'] as const;

export const categoriesQuery = queryOptions({
  queryKey: categoriesKey,
  queryFn: () => api.get<Category[]>('/api/categories'),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoriesKey });
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CategoryInput) => api.post<Category>('/api/categories', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryInput & { id: number }) =>
      api.put<Category>(`/api/categories/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/categories/${id}`),
    onSuccess: invalidate,
  });
}
