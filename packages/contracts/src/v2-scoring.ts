import {
  MANAGER_ROLES,
  RELATIONS,
  type ItemType,
  type QuestionType,
  type Relation,
  type Status3,
} from './enums';
import type { V2Weights } from './v2-evaluations';

/**
 * Pure 360 (V2) scoring and anonymity rules (DESIGN §5). The server computes results with them; the
 * demo seed uses them too. Figures are never rounded here: rounding is for display only.
 */

/** status_3 answers as scores. */
export const V2_STATUS3_SCORES: Record<Status3, number> = { logrado: 1, proceso: 0.5, no_logrado: 0 };

/** The value an N/A answer carries (with skip true). */
export const V2_NA_VALUE = 'na';

export interface V2ScoredItem {
  type: ItemType;
  scale_min: number;
  scale_max: number;
}

/**
 * One answer's score, 0-1: rating (value − min)/(max − min); yes_no 1/0; status_3 logrado 1,
 * proceso 0.5, no_logrado 0. Text and N/A answers score nothing (null). The value is assumed valid
 * for its type (the submit checks it first).
 */
export function v2AnswerScore(item: V2ScoredItem, answer: { value: unknown; skip: boolean }): number | null {
  if (answer.skip) return null;
  switch (item.type) {
    case 'rating': {
      const span = item.scale_max - item.scale_min;
      if (typeof answer.value !== 'number' || span <= 0) return null;
      return (answer.value - item.scale_min) / span;
    }
    case 'yes_no':
      return answer.value === true ? 1 : 0;
    case 'status_3':
      return V2_STATUS3_SCORES[answer.value as Status3] ?? null;
    case 'text':
      return null;
  }
}

/** A section's weighted sums for one rater: Σ weight × score and Σ weight over the scored items. */
export interface V2SectionSum {
  weighted: number;
  weight: number;
}

/** Weighted mean × 100; null when nothing in the section was scored (or everything scored weighs 0). */
export function v2SectionPercentage(sum: V2SectionSum | undefined): number | null {
  if (!sum || !(sum.weight > 0)) return null;
  return (sum.weighted / sum.weight) * 100;
}

/**
 * As in V1: competency % × weight_competencies/100 + objective % × weight_objectives/100; a section
 * with nothing scored lets the other carry the whole weight; null when neither has a score.
 */
export function v2Overall(
  competencies: number | null,
  objectives: number | null,
  weights: V2Weights,
): number | null {
  if (competencies === null) return objectives;
  if (objectives === null) return competencies;
  return (competencies * weights.weight_competencies + objectives * weights.weight_objectives) / 100;
}

export interface V2Figures {
  competencies_percentage: number | null;
  objectives_percentage: number | null;
  overall_percentage: number | null;
}

/** One rater's figures from their per-section weighted sums (what the SQL aggregate answers). */
export function v2FiguresFromSums(
  sums: Partial<Record<QuestionType, V2SectionSum>>,
  weights: V2Weights,
): V2Figures {
  const competencies = v2SectionPercentage(sums.competency);
  const objectives = v2SectionPercentage(sums.objective);
  return {
    competencies_percentage: competencies,
    objectives_percentage: objectives,
    overall_percentage: v2Overall(competencies, objectives, weights),
  };
}

/** One answer as the rater figures need it. */
export interface V2ScoredAnswer {
  section: QuestionType;
  weight: number;
  /** 0-1, or null for text and N/A (they carry no weight). */
  score: number | null;
}

/** Per-section weighted sums of one rater's answers. */
export function v2SectionSums(
  answers: readonly V2ScoredAnswer[],
): Partial<Record<QuestionType, V2SectionSum>> {
  const sums: Partial<Record<QuestionType, V2SectionSum>> = {};
  for (const a of answers) {
    if (a.score === null) continue;
    const s = (sums[a.section] ??= { weighted: 0, weight: 0 });
    s.weighted += a.weight * a.score;
    s.weight += a.weight;
  }
  return sums;
}

/** One rater's figures from their answers. */
export function v2RaterFigures(answers: readonly V2ScoredAnswer[], weights: V2Weights): V2Figures {
  return v2FiguresFromSums(v2SectionSums(answers), weights);
}

function meanOf(values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  return present.reduce((a, v) => a + v, 0) / present.length;
}

/**
 * A group's figures: each figure is the mean of its raters' figures (a rater without a figure, e.g.
 * all N/A in a section, is left out of that mean). `raters` counts the group's completed raters.
 */
export function v2GroupFigures(raters: readonly V2Figures[]): V2Figures & { raters: number } {
  return {
    raters: raters.length,
    competencies_percentage: meanOf(raters.map((r) => r.competencies_percentage)),
    objectives_percentage: meanOf(raters.map((r) => r.objectives_percentage)),
    overall_percentage: meanOf(raters.map((r) => r.overall_percentage)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Anonymity (DESIGN §5)

/** Relations whose groups are anonymous: shown only from ANONYMITY_MIN_RATERS counted raters. */
export const ANONYMOUS_RELATIONS = ['peer', 'report'] as const satisfies readonly Relation[];

/**
 * The roles that read 360 results of other people (decision 023): a rater with one of them knows
 * their own answers, so their response never counts toward an anonymity threshold.
 */
export const V2_RESULT_READER_ROLES = MANAGER_ROLES;

/**
 * THE rule of which groups are anonymous (decisions 023 and 041), for every view of a person's results
 * — results, PDF, Excel, insight, snapshots, the team view — and for the web: peers and direct reports
 * always; the manager group when more than one manager was asked to rate the person. `managers` counts
 * the manager requests as they stand, declined ones included: a manager who declines ('No soy su jefe')
 * must not turn a hidden group of two managers into one attributed manager (and the removal or change
 * of relation that would do the same is refused once one of them answered). One manager is shown and
 * attributed; with two and one answered, who is pending would name the one who answered.
 */
export function isAnonymousGroup(relation: Relation, managers: number): boolean {
  if (relation === 'manager') return managers > 1;
  return (ANONYMOUS_RELATIONS as readonly Relation[]).includes(relation);
}

/**
 * Whether a group of a result as the server answered it is anonymous: what the server said
 * (`anonymous`), or — in snapshots taken before it said so — the rule above over the requests it
 * counted. The merged peer+report group is always anonymous, self never.
 */
export function isAnonymousResultGroup(g: {
  relation: Relation | 'peer_report';
  raters_assigned: number;
  anonymous?: boolean | undefined;
}): boolean {
  if (g.anonymous !== undefined) return g.anonymous;
  return g.relation === 'peer_report' || isAnonymousGroup(g.relation, g.raters_assigned);
}

/** How a relation's group appears: 'shown', 'hidden' (below the threshold), or 'empty' (nobody answered). */
export type V2GroupState = 'shown' | 'hidden' | 'empty';

export interface V2Visibility {
  /** The state of each relation's own group for this viewer. */
  groups: Record<Relation, V2GroupState>;
  /**
   * When peer and report are both hidden, their raters are merged into one group, shown only when its
   * counted raters reach the threshold themselves. null otherwise (and always for the full view).
   */
  merged: { raters: number; counted: number; shown: boolean } | null;
  /** Whether "others" (all non-self raters) may be shown: false when it would reveal a hidden group. */
  othersShown: boolean;
  /** Relations whose raters' answers this viewer may see, in their own group or in the merged one. */
  visible: Record<Relation, boolean>;
  /** Anonymous groups below the threshold (whatever the viewer): answered, but fewer than k counted raters. */
  belowThreshold: Record<Relation, boolean>;
}

/**
 * What a viewer may see of one evaluatee's results, from the completed raters per relation and,
 * among them, those that count toward the threshold (decision 023: a rater whose answers a results
 * reader may know never counts).
 * - full view (admin): every group, "others" always.
 * - anyone else: self, and a single manager, always; an anonymous group (peers, reports, several
 *   managers) with fewer than k counted raters is hidden; when peers and reports are both hidden
 *   their raters merge into one group, shown when its counted raters reach k; "others" is shown only
 *   when every non-self rater belongs to a group the viewer sees (otherwise "others" together with
 *   the shown groups would give away the hidden raters' mean).
 */
export function v2Visibility(
  completed: Readonly<Record<Relation, number>>,
  minRaters: number,
  fullView: boolean,
  counted: Readonly<Record<Relation, number>> = completed,
  /** Per relation, the requests isAnonymousGroup reads (declined ones included, decision 041). */
  requests: Readonly<Record<Relation, number>> = completed,
): V2Visibility {
  const below = (r: Relation) =>
    isAnonymousGroup(r, requests[r]) && completed[r] > 0 && counted[r] < minRaters;
  const belowThreshold = Object.fromEntries(RELATIONS.map((r) => [r, below(r)])) as Record<Relation, boolean>;
  const groups = Object.fromEntries(
    RELATIONS.map((r): [Relation, V2GroupState] => [
      r,
      completed[r] === 0 ? 'empty' : !fullView && belowThreshold[r] ? 'hidden' : 'shown',
    ]),
  ) as Record<Relation, V2GroupState>;
  let merged: V2Visibility['merged'] = null;
  if (groups.peer === 'hidden' && groups.report === 'hidden') {
    const mergedCounted = counted.peer + counted.report;
    merged = {
      raters: completed.peer + completed.report,
      counted: mergedCounted,
      shown: mergedCounted >= minRaters,
    };
  }
  const inMerge = (r: Relation) => (ANONYMOUS_RELATIONS as readonly Relation[]).includes(r);
  const visible = Object.fromEntries(
    RELATIONS.map((r) => [
      r,
      groups[r] === 'shown' || (groups[r] === 'hidden' && inMerge(r) && merged?.shown === true),
    ]),
  ) as Record<Relation, boolean>;
  const othersShown = RELATIONS.filter((r) => r !== 'self').every((r) => groups[r] === 'empty' || visible[r]);
  return { groups, merged, othersShown, visible, belowThreshold };
}

/**
 * The view of a closed evaluation that may only shrink with time (decision 023). `atClose` counts the
 * raters as they stood when it closed; `now` also leaves out raters who can read results today (a
 * promotion after close). A group is shown only when it is shown now (which implies at close), and a
 * merged group exists only if it existed at close: a group that appears later (two groups hidden by a
 * promotion and merged) would reveal, by difference, what the close-time view kept hidden.
 */
export function v2StableVisibility(atClose: V2Visibility, now: V2Visibility): V2Visibility {
  const merged = atClose.merged ? now.merged : null;
  const inMerge = (r: Relation) => (ANONYMOUS_RELATIONS as readonly Relation[]).includes(r);
  const visible = Object.fromEntries(
    RELATIONS.map((r) => [
      r,
      now.groups[r] === 'shown' || (now.groups[r] === 'hidden' && inMerge(r) && merged?.shown === true),
    ]),
  ) as Record<Relation, boolean>;
  const othersShown =
    atClose.othersShown &&
    RELATIONS.filter((r) => r !== 'self').every((r) => now.groups[r] === 'empty' || visible[r]);
  return { groups: now.groups, merged, othersShown, visible, belowThreshold: now.belowThreshold };
}
