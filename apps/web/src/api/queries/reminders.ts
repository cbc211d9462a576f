import { reminderEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/**
 * How many people a reminder would reach now (GET …/reminders of a V1 or 360 evaluation): read
 * right before the confirmation, never kept (`staleTime` 0), so the number is the current one.
 */
export const reminderKeys = {
  all: ['reminders'] as const,
  preview: (kind: 'v1' | 'v2', id: number) => [...reminderKeys.all, kind, id] as const,
};

export const reminderQueries = {
  v1Preview: (id: number) =>
    queryOptions({
      queryKey: reminderKeys.preview('v1', id),
      queryFn: () => api.call(reminderEndpoints.v1Preview, { params: { id } }),
      staleTime: 0,
    }),
  v2Preview: (id: number) =>
    queryOptions({
      queryKey: reminderKeys.preview('v2', id),
      queryFn: () => api.call(reminderEndpoints.v2Preview, { params: { id } }),
      staleTime: 0,
    }),
};
