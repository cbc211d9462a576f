import { v2SnapshotEndpoints, type V2SnapshotCreateInput } from '@evalua/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { v2SnapshotKeys, v2SnapshotQueries } from '../../../api/queries/v2-snapshots';

/** Snapshots of one 360 evaluation, from the shared snapshot queries. */
export function useSnapshots(evaluationId: number) {
  return useQuery(v2SnapshotQueries.list(evaluationId));
}

export function useSnapshotDetail(evaluationId: number, snapshotId: number) {
  return useQuery(v2SnapshotQueries.detail(evaluationId, snapshotId));
}

/** Both snapshots of a comparison (null: none chosen yet). */
export function useSnapshotPair(evaluationId: number, pair: readonly [number, number] | null) {
  return useQueries({
    queries: (pair ?? []).map((id) => v2SnapshotQueries.detail(evaluationId, id)),
  });
}

/** Taking a snapshot adds one to the evaluation's list (v2SnapshotKeys.list); nothing else changes. */
export function useCreateSnapshot(evaluationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V2SnapshotCreateInput) =>
      api.call(v2SnapshotEndpoints.create, { params: { id: evaluationId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2SnapshotKeys.list(evaluationId) }),
  });
}
