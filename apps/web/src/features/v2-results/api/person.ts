import type { MyV2Result, V2Results } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2ResultsKey } from './keys';

const base = (id: number, userId: number) => `/api/evaluations-v2/${id}/results/${userId}`;

/** The PDF or Excel of one person's results (same view as the JSON). */
export const resultsFilePath = (id: number, userId: number, format: 'pdf' | 'xlsx') =>
  `${base(id, userId)}/${format}`;

/** GET /api/evaluations-v2/{id}/results/{userId} (the app does not retry a 4xx). */
export const personResultsQuery = (id: number, userId: number) =>
  queryOptions({
    queryKey: [...v2ResultsKey(id), 'person', userId],
    queryFn: () => api.get<V2Results>(base(id, userId)),
  });

export const usePersonResults = (id: number, userId: number) => useQuery(personResultsQuery(id, userId));

/** GET /api/evaluations-v2/results/mine: closed 360s in which the caller was rated. */
export const myResultsQuery = queryOptions({
  queryKey: [...v2ResultsKey('mine')],
  queryFn: async () => (await api.get<{ rows: MyV2Result[] }>('/api/evaluations-v2/results/mine')).rows,
});

export const useMyV2Results = () => useQuery(myResultsQuery);
