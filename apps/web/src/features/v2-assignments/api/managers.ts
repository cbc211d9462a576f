import { v2NominationEndpoints } from '@evalua/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAssignments } from './invalidate';

/** 'Asignar jefes según "Reporta a"' → {created_count} (decision 036). */
export function useFillManagers(evaluationId: number) {
  const invalidate = useInvalidateAssignments(evaluationId);
  return useMutation({
    mutationFn: () => api.call(v2NominationEndpoints.fillManagers, { params: { evaluationId } }),
    onSuccess: invalidate,
  });
}
