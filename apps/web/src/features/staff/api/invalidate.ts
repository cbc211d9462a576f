import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { assignmentKeys } from '../../../api/queries/assignments';
import { userKeys } from '../../../api/queries/users';

/**
 * What a change of evaluators or collaborators refreshes: their own list (`resource`), and the
 * users and assignment lists, where the same people appear (Gestión de Usuarios, Asignaciones).
 */
export function useInvalidateStaff(resource: QueryKey) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [resource, userKeys.all, assignmentKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
