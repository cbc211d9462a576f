import type { UsersImportPreview, UsersImportResult } from '@evalua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKey } from './users';

/**
 * Importar personal: the preview (reads, writes nothing) and the apply. Imported people are users,
 * and evaluators and collaborators are users too (and assignment candidates): applying refreshes
 * every list of them.
 */
const IMPORT_CHANGED_KEYS = [usersKey, ['evaluators'], ['collaborators'], ['assignments']] as const;

export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) => api.post<UsersImportPreview>('/api/users/import/preview', { csv }),
  });
}

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.post<UsersImportResult>('/api/users/import/apply', { csv }),
    onSuccess: () =>
      Promise.all(IMPORT_CHANGED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
