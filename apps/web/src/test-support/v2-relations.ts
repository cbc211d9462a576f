import type { V2RelationResult } from '@evalua/contracts';

/** No figures: what the server sends for a hidden or empty group. */
export const NO_FIGURES = {
  competencies_percentage: null,
  objectives_percentage: null,
  overall_percentage: null,
} as const;

/**
 * One rater group of a 360 result, for the web's unit tests: every completed rater counts, the group
 * is not shown (unless `extra` says so) and has no figures.
 */
export function relationResult(
  relation: V2RelationResult['relation'],
  completed: number,
  assigned: number,
  extra: Partial<V2RelationResult> = {},
): V2RelationResult {
  return {
    relation,
    raters_completed: completed,
    raters_assigned: assigned,
    raters_counted: completed,
    shown: false,
    below_threshold: false,
    ...NO_FIGURES,
    ...extra,
  };
}
