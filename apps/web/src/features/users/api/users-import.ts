import { usersImportEndpoints } from '@evalua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { assignmentKeys } from '../../../api/queries/assignments';
import { staffKeys } from '../../../api/queries/staff';
import { userKeys } from '../../../api/queries/users';

/**
 * Importar personal: the preview (reads, writes nothing) and the apply. Imported people are users,
 * and evaluators and collaborators are users too (and assignment candidates): applying refreshes
 * every list of them.
 */
const IMPORT_CHANGED_KEYS = [
  userKeys.all,
  staffKeys.evaluators,
  staffKeys.collaborators,
  assignmentKeys.all,
] as const;

export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) => api.call(usersImportEndpoints.preview, { body: { csv } }),
  });
}

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.call(usersImportEndpoints.apply, { body: { csv } }),
    onSuccess: () =>
      Promise.all(IMPORT_CHANGED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
