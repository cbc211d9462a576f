import { v2AssignmentAllows, v2EvaluationAllows, type V2MyAssignment } from '@evalua/contracts';
import type { LinkedRowState } from '../../components/linked-item';

/** The address parameter of a reminder e-mail's link to one assignment's form (?assignment=id). */
export const ASSIGNMENT_PARAM = 'assignment';

/**
 * Whether the row's 'Evaluar' button can be clicked: the assignment still pending (not answered, not
 * declined) and its evaluation open (the rater's list has open and closed ones only): the server's rule.
 */
export function canEvaluate(row: Pick<V2MyAssignment, 'assignment_status' | 'evaluation_status'>) {
  return v2AssignmentAllows(row.assignment_status).answer && v2EvaluationAllows(row.evaluation_status).answer;
}

/** For a reminder link: the assignment's form opens exactly when its 'Evaluar' button could be clicked. */
export function assignmentLinkState(
  row: Pick<V2MyAssignment, 'assignment_status' | 'evaluation_status'>,
): LinkedRowState {
  return canEvaluate(row) ? 'pending' : 'done';
}
