import { v2SnapshotEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/**
 * Snapshots of 360 evaluations: every key of one evaluation's snapshots starts with
 * `v2SnapshotKeys.evaluation(id)`. A snapshot never changes once taken, so its detail is kept for good.
 */
export const v2SnapshotKeys = {
  all: ['snapshots'] as const,
  evaluation: (evaluationId: number) => [...v2SnapshotKeys.all, evaluationId] as const,
  list: (evaluationId: number) => [...v2SnapshotKeys.evaluation(evaluationId), 'list'] as const,
  detail: (evaluationId: number, snapshotId: number) =>
    [...v2SnapshotKeys.evaluation(evaluationId), 'detail', snapshotId] as const,
};

export const v2SnapshotQueries = {
  /** An evaluation's snapshots, newest first. */
  list: (evaluationId: number) =>
    queryOptions({
      queryKey: v2SnapshotKeys.list(evaluationId),
      queryFn: async () =>
        (await api.call(v2SnapshotEndpoints.list, { params: { id: evaluationId } })).snapshots,
    }),
  /** One snapshot's frozen data, in the view this reader may see. */
  detail: (evaluationId: number, snapshotId: number) =>
    queryOptions({
      queryKey: v2SnapshotKeys.detail(evaluationId, snapshotId),
      queryFn: () => api.call(v2SnapshotEndpoints.get, { params: { id: evaluationId, snapshotId } }),
      staleTime: Infinity,
    }),
};
