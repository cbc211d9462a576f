import { resultEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import { failedWith } from '../errors';

/** Resultados (V1): every key starts with `resultKeys.all`. */
export const resultKeys = {
  all: ['results'] as const,
  /** What one evaluator has submitted (the evaluation form's «Evaluado» marks). */
  evaluated: (evaluatorId: number) => [...resultKeys.all, 'evaluated', evaluatorId] as const,
  /** One person's latest result (Mis resultados). */
  latest: (userId: number) => [...resultKeys.all, 'latest', userId] as const,
};

export const resultQueries = {
  evaluated: (evaluatorId: number) =>
    queryOptions({
      queryKey: resultKeys.evaluated(evaluatorId),
      queryFn: () => api.call(resultEndpoints.evaluated, { params: { evaluatorId } }),
    }),
  /** The user's latest result, or null when they have none yet (the server's 404). */
  latest: (userId: number) =>
    queryOptions({
      queryKey: resultKeys.latest(userId),
      queryFn: async () => {
        try {
          return await api.call(resultEndpoints.latest, { params: { userId } });
        } catch (err) {
          if (failedWith(err, 404)) return null;
          throw err;
        }
      },
    }),
};
