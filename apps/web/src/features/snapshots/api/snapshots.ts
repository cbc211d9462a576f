import type {
  V2Snapshot,
  V2SnapshotCreateInput,
  V2SnapshotDetail,
  V2SnapshotListItem,
  V2Summary,
} from '@evalua/contracts';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * Snapshots of one 360 evaluation: everything under ['snapshots', evaluationId, …]. A snapshot never
 * changes once taken, so its detail is cached for good; creating one refreshes only the list.
 */
export const snapshotsKey = (evaluationId: number) => ['snapshots', evaluationId] as const;
export const snapshotListKey = (evaluationId: number) => [...snapshotsKey(evaluationId), 'list'] as const;
export const snapshotDetailKey = (evaluationId: number, snapshotId: number) =>
  [...snapshotsKey(evaluationId), 'detail', snapshotId] as const;

export const snapshotListQuery = (evaluationId: number) =>
  queryOptions({
    queryKey: snapshotListKey(evaluationId),
    queryFn: async () =>
      (await api.get<{ snapshots: V2SnapshotListItem[] }>(`/api/evaluations-v2/${evaluationId}/snapshots`))
        .snapshots,
  });

export function useSnapshots(evaluationId: number) {
  return useQuery(snapshotListQuery(evaluationId));
}

export const snapshotDetailQuery = (evaluationId: number, snapshotId: number) =>
  queryOptions({
    queryKey: snapshotDetailKey(evaluationId, snapshotId),
    queryFn: () => api.get<V2SnapshotDetail>(`/api/evaluations-v2/${evaluationId}/snapshots/${snapshotId}`),
    staleTime: Infinity,
  });

export function useSnapshotDetail(evaluationId: number, snapshotId: number) {
  return useQuery(snapshotDetailQuery(evaluationId, snapshotId));
}

/** Both snapshots of a comparison (null: none chosen yet). */
export function useSnapshotPair(evaluationId: number, pair: readonly [number, number] | null) {
  return useQueries({
    queries: (pair ?? []).map((id) => snapshotDetailQuery(evaluationId, id)),
  });
}

export interface SnapshotCreated {
  snapshot: V2Snapshot;
  summary: V2Summary;
}

export function useCreateSnapshot(evaluationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V2SnapshotCreateInput) =>
      api.post<SnapshotCreated>(`/api/evaluations-v2/${evaluationId}/snapshot`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: snapshotListKey(evaluationId) }),
  });
}
