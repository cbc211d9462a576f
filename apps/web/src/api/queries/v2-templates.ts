import { v2TemplateEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** Plantillas 360 and rating scales (a handful of each, so the lists come whole). */
export const v2TemplateKeys = {
  all: ['templates'] as const,
  list: () => [...v2TemplateKeys.all, 'list'] as const,
  scales: ['scales'] as const,
};

export const v2TemplateQueries = {
  list: () =>
    queryOptions({ queryKey: v2TemplateKeys.list(), queryFn: () => api.call(v2TemplateEndpoints.list) }),
  /** The rating scales (they never change while the app runs: kept five minutes). */
  scales: () =>
    queryOptions({
      queryKey: v2TemplateKeys.scales,
      queryFn: () => api.call(v2TemplateEndpoints.scales),
      staleTime: 5 * 60_000,
    }),
};
