/** Every query of the 360 assignment screens lives under ['v2-assignments', evaluationId, …]. */
export const v2AssignmentsKey = (evaluationId: number) => ['v2-assignments', evaluationId] as const;

/** The evaluation's current assignments (the batch screen's table). */
export const assignmentListKey = (evaluationId: number) =>
  [...v2AssignmentsKey(evaluationId), 'list'] as const;

/** The evaluators of each evaluatee (the per-person modal). */
export const evaluateeKey = (evaluationId: number) =>
  [...v2AssignmentsKey(evaluationId), 'evaluatee'] as const;

/** The 360 evaluations list screen's key: its counts change with every assignment change. */
export const evaluationsV2Key = ['evaluations-v2'] as const;
