import type { LinkedRowState } from '../../components/linked-item';
import type { RowStatus } from './CollaboratorList';

/** The address parameter of a reminder e-mail's link to one collaborator's form (?collaborator=id). */
export const COLLABORATOR_PARAM = 'collaborator';

/** For a reminder link: the form opens exactly when the row's 'Evaluar' button is there to click. */
export function collaboratorLinkState(status: RowStatus): LinkedRowState {
  return status === 'evaluated' ? 'done' : status;
}
