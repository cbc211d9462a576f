import {
  RELATIONS,
  SCORE_BANDS,
  v2FiguresFromSums,
  v2GroupFigures,
  v2StableVisibility,
  v2Visibility,
  isAnonymousGroup,
  type QuestionType,
  type Relation,
  type ScoreBand,
  type V2Figures,
  type V2GroupResult,
  type V2RelationResult,
  type V2SectionSum,
  type V2Summary,
  type V2Visibility,
  type V2Weights,
  V2_NOTES,
} from '@evalua/contracts';

/** Pure assembly of 360 results from the few aggregate rows the repository answers (decision 018). */

export interface AssignmentCountRow {
  evaluatee_id: number;
  relation: Relation;
  /** Requests still standing (declined ones left out, decision 034). */
  total: number;
  completed: number;
  /** Every request, declined ones included: what makes several managers anonymous (decision 041). */
  requests: number;
}

export interface RaterSectionRow {
  evaluatee_id: number;
  response_id: number;
  relation: Relation;
  /** null for a rater with nothing scored (all N/A or text). */
  section: QuestionType | null;
  /** Σ item weight × score over the rater's scored answers in the section. */
  weighted: number | null;
  /** Σ item weight over the same answers. */
  weight: number | null;
  /**
   * Whether the response counts toward an anonymity threshold: stamped so at submit, and its rater
   * cannot read results now (decision 023).
   */
  counts: boolean;
  /**
   * Whether it counted when the evaluation closed (the stamp alone: a rater holding a reader role at
   * close is stamped then). Results never show a group this view did not (decision 023).
   */
  countsAtClose: boolean;
}

export type RelationCounts = Record<Relation, { total: number; completed: number; requests: number }>;

export interface Rater {
  relation: Relation;
  figures: V2Figures;
  /** Counts toward a threshold now (stamped so, and not a results reader today). */
  counts: boolean;
  /** Counted when the evaluation closed. */
  countsAtClose: boolean;
}

export interface EvaluateeRaters {
  counts: RelationCounts;
  /** Each completed rater's figures, and whether they count toward a threshold (decision 023). */
  raters: Rater[];
}

const NO_FIGURES: V2Figures = {
  competencies_percentage: null,
  objectives_percentage: null,
  overall_percentage: null,
};

export function emptyCounts(): RelationCounts {
  return {
    self: { total: 0, completed: 0, requests: 0 },
    manager: { total: 0, completed: 0, requests: 0 },
    peer: { total: 0, completed: 0, requests: 0 },
    report: { total: 0, completed: 0, requests: 0 },
  };
}

/** Groups the aggregate rows by evaluatee: assignment counts, and each completed rater's figures. */
export function ratersByEvaluatee(
  counts: readonly AssignmentCountRow[],
  sums: readonly RaterSectionRow[],
  weights: V2Weights,
): Map<number, EvaluateeRaters> {
  const out = new Map<number, EvaluateeRaters>();
  const entry = (id: number) => {
    let e = out.get(id);
    if (!e) out.set(id, (e = { counts: emptyCounts(), raters: [] }));
    return e;
  };
  for (const c of counts)
    entry(c.evaluatee_id).counts[c.relation] = {
      total: c.total,
      completed: c.completed,
      requests: c.requests,
    };
  const responses = new Map<
    number,
    {
      evaluatee_id: number;
      relation: Relation;
      counts: boolean;
      countsAtClose: boolean;
      sums: Partial<Record<QuestionType, V2SectionSum>>;
    }
  >();
  for (const s of sums) {
    let r = responses.get(s.response_id);
    if (!r) {
      r = {
        evaluatee_id: s.evaluatee_id,
        relation: s.relation,
        counts: s.counts,
        countsAtClose: s.countsAtClose,
        sums: {},
      };
      responses.set(s.response_id, r);
    }
    if (s.section !== null && s.weighted !== null && s.weight !== null) {
      r.sums[s.section] = { weighted: s.weighted, weight: s.weight };
    }
  }
  for (const r of [...responses.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v)) {
    entry(r.evaluatee_id).raters.push({
      relation: r.relation,
      figures: v2FiguresFromSums(r.sums, weights),
      counts: r.counts,
      countsAtClose: r.countsAtClose,
    });
  }
  return out;
}

export function completedOf(counts: RelationCounts): Record<Relation, number> {
  return Object.fromEntries(RELATIONS.map((r) => [r, counts[r].completed])) as Record<Relation, number>;
}

/** Per relation, the completed raters that count toward an anonymity threshold (decision 023). */
export function countedOf(data: EvaluateeRaters, when: 'now' | 'atClose' = 'now'): Record<Relation, number> {
  const out = Object.fromEntries(RELATIONS.map((r) => [r, 0])) as Record<Relation, number>;
  for (const r of data.raters) if (when === 'now' ? r.counts : r.countsAtClose) out[r.relation] += 1;
  return out;
}

const FIGURE_KEYS = ['competencies_percentage', 'objectives_percentage', 'overall_percentage'] as const;

/**
 * Raters of an anonymous group whose figure `key` could be worked out: the group has that figure from
 * some raters but fewer than k of them count (the others N/A in that section, or known to a reader) —
 * decision 023: the threshold holds per figure, not only per group.
 */
function figureBelow(
  raters: readonly Rater[],
  key: (typeof FIGURE_KEYS)[number],
  minRaters: number,
): boolean {
  const withFigure = raters.filter((r) => r.figures[key] !== null);
  return withFigure.length > 0 && withFigure.filter((r) => r.counts).length < minRaters;
}

/**
 * Whether the overall figure of these raters would give a small set away: a rater's overall weighs the
 * sections they have, so when raters differ in which sections they scored (N/A), the overall together
 * with the section means gives the sum of each such set of raters. Withheld when there is more than
 * one set and one of them has fewer than k counted raters — `anonymous` says whose answers are not
 * known already (an attributed manager's are).
 */
function overallBelow(
  raters: readonly Rater[],
  minRaters: number,
  anonymous: (r: Rater) => boolean,
): boolean {
  const patterns = new Map<string, Rater[]>();
  for (const r of raters) {
    if (r.figures.overall_percentage === null) continue;
    const key = `${r.figures.competencies_percentage !== null}:${r.figures.objectives_percentage !== null}`;
    patterns.set(key, [...(patterns.get(key) ?? []), r]);
  }
  if (patterns.size < 2) return false;
  return [...patterns.values()].some((set) => {
    const unknown = set.filter(anonymous);
    return unknown.length > 0 && unknown.filter((r) => r.counts).length < minRaters;
  });
}

/** A group's figures with each figure withheld that fewer than k counted raters make (anonymous groups). */
function guardedFigures(
  raters: readonly Rater[],
  minRaters: number,
  guard: boolean,
): V2Figures & { raters: number } {
  const figures = v2GroupFigures(raters.map((r) => r.figures));
  if (!guard) return figures;
  for (const key of FIGURE_KEYS) if (figureBelow(raters, key, minRaters)) figures[key] = null;
  if (overallBelow(raters, minRaters, () => true)) figures.overall_percentage = null;
  return figures;
}

export interface EvaluateeFigures {
  visibility: V2Visibility;
  /** Whether this viewer reads figures and comments at all: admin always, others once closed. */
  released: boolean;
  relations: V2RelationResult[];
  self: V2GroupResult | null;
  others: V2GroupResult | null;
}

/** Nothing visible: what a non-admin sees of an evaluation that is not closed (completion only). */
function withheldVisibility(visibility: V2Visibility): V2Visibility {
  const none = Object.fromEntries(RELATIONS.map((r) => [r, false])) as Record<Relation, boolean>;
  const groups = Object.fromEntries(
    RELATIONS.map((r) => [r, visibility.groups[r] === 'empty' ? 'empty' : 'hidden']),
  ) as V2Visibility['groups'];
  return {
    groups,
    merged: null,
    othersShown: false,
    visible: none,
    belowThreshold: visibility.belowThreshold,
  };
}

const figuresOf = (g: V2Figures): V2Figures => ({
  competencies_percentage: g.competencies_percentage,
  objectives_percentage: g.objectives_percentage,
  overall_percentage: g.overall_percentage,
});

/**
 * One evaluatee's group figures for a viewer: a row per assigned relation (figures only when shown),
 * the merged peer+report row when both are hidden, self, and "others" (null when withheld). With
 * `released` false (a non-admin, the evaluation not closed) only the counts are given: figures read
 * before and after one more answer would give that answer away (decision 023).
 */
export function evaluateeFigures(
  data: EvaluateeRaters,
  minRaters: number,
  fullView: boolean,
  released = true,
): EvaluateeFigures {
  const counted = countedOf(data);
  const completed = completedOf(data.counts);
  // Which groups are anonymous: isAnonymousGroup over every request, declined ones included (decision 041).
  const requests = Object.fromEntries(RELATIONS.map((r) => [r, data.counts[r].requests])) as Record<
    Relation,
    number
  >;
  const rules = v2StableVisibility(
    v2Visibility(completed, minRaters, fullView, countedOf(data, 'atClose'), requests),
    v2Visibility(completed, minRaters, fullView, counted, requests),
  );
  const open = fullView || released;
  const visibility = open ? rules : withheldVisibility(rules);
  const ratersOf = (relations: readonly Relation[]) =>
    data.raters.filter((r) => relations.includes(r.relation));
  const anonymous = (relation: Relation) => isAnonymousGroup(relation, requests[relation]);
  const of = (relations: readonly Relation[]) =>
    guardedFigures(ratersOf(relations), minRaters, !fullView && relations.some(anonymous));
  const relations: V2RelationResult[] = [];
  for (const relation of RELATIONS) {
    const { total } = data.counts[relation];
    if (total === 0) continue;
    const shown = open && visibility.groups[relation] !== 'hidden';
    relations.push({
      relation,
      raters_completed: completed[relation],
      raters_assigned: total,
      raters_counted: counted[relation],
      anonymous: anonymous(relation),
      shown,
      below_threshold: visibility.belowThreshold[relation],
      ...(shown ? figuresOf(of([relation])) : NO_FIGURES),
    });
  }
  if (visibility.merged) {
    const { shown, raters, counted: mergedCounted } = visibility.merged;
    relations.push({
      relation: 'peer_report',
      raters_completed: raters,
      raters_assigned: data.counts.peer.total + data.counts.report.total,
      raters_counted: mergedCounted,
      anonymous: true,
      shown,
      below_threshold: !shown,
      ...(shown ? figuresOf(of(['peer', 'report'])) : NO_FIGURES),
    });
  }
  const self = open && data.counts.self.completed > 0 ? of(['self']) : null;
  const nonSelf = data.raters.some((r) => r.relation !== 'self');
  const others =
    nonSelf && visibility.othersShown
      ? othersFigures(data.raters, visibility, anonymous, minRaters, fullView)
      : null;
  return { visibility, released: open, relations, self, others };
}

/**
 * "Others" (every non-self rater), with each figure withheld when one of the anonymous groups the
 * viewer sees (its own, or the merged one) has that figure from fewer than k counted raters: "others"
 * minus the attributed groups would give that small set away (decision 023).
 */
function othersFigures(
  raters: readonly Rater[],
  visibility: V2Visibility,
  anonymous: (relation: Relation) => boolean,
  minRaters: number,
  fullView: boolean,
): V2GroupResult {
  const nonSelf = raters.filter((r) => r.relation !== 'self');
  const figures = v2GroupFigures(nonSelf.map((r) => r.figures));
  if (fullView) return figures;
  const merged = visibility.merged?.shown === true;
  const groups: Relation[][] = [];
  for (const relation of RELATIONS) {
    if (relation === 'self' || !anonymous(relation)) continue;
    if (merged && (relation === 'peer' || relation === 'report')) continue;
    groups.push([relation]);
  }
  if (merged) groups.push(['peer', 'report']);
  for (const group of groups) {
    const members = nonSelf.filter((r) => group.includes(r.relation));
    for (const key of FIGURE_KEYS) if (figureBelow(members, key, minRaters)) figures[key] = null;
  }
  if (overallBelow(nonSelf, minRaters, (r) => anonymous(r.relation))) figures.overall_percentage = null;
  return figures;
}

/**
 * Spanish note on what is hidden from this viewer and why (or, for admin, what everyone else does
 * not see). Undefined when nothing is hidden.
 */
export function hiddenNote(
  figures: EvaluateeFigures,
  minRaters: number,
  fullView: boolean,
  closed: boolean,
): string | undefined {
  const { visibility } = figures;
  const notCounted = figures.relations
    .filter((r) => r.relation !== 'peer_report' && r.relation !== 'self')
    .reduce((a, r) => a + r.raters_completed - (r.raters_counted ?? r.raters_completed), 0);
  const below = RELATIONS.some((r) => visibility.belowThreshold[r]);
  const rule = `los grupos anónimos (pares, colaboradores directos, o jefes cuando son varios) con menos de ${minRaters} respuestas que cuenten`;
  const why = below && notCounted > 0 ? ` ${V2_NOTES.notCounted(notCounted)}` : '';
  if (fullView) {
    const parts: string[] = [];
    if (!closed) parts.push(V2_NOTES.adminNotReleased);
    if (below) {
      if (closed) parts.push('Vista de administración: ves todos los grupos.');
      parts.push(`Para proteger el anonimato, ${rule} no se muestran por separado a nadie más.${why}`);
    }
    return parts.length > 0 ? parts.join(' ') : undefined;
  }
  if (!figures.released) return V2_NOTES.notReleased;
  if (!below) return undefined;
  const parts = [`Para proteger el anonimato, ${rule} no se muestran por separado`];
  if (visibility.merged?.shown) parts.push('; se presentan juntos como «Pares y colaboradores directos»');
  else if (visibility.merged) parts.push('; juntos tampoco alcanzan el mínimo, así que no se muestran');
  if (!visibility.othersShown) parts.push('. Por la misma razón no se muestra el promedio de «Otros»');
  return `${parts.join('')}.${why}`;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, v) => a + v, 0) / values.length;
}

/** The SCORE_BANDS band of a 0-100 figure: lower bound included, upper excluded (the last includes 100). */
export function bandIndex(value: number): number {
  const i = SCORE_BANDS.findIndex((b) => value < b.max);
  return i === -1 ? SCORE_BANDS.length - 1 : i;
}

/** What the summary reads of one evaluatee's figures as one viewer sees them. */
export interface SummaryInput {
  counts: RelationCounts;
  figures: Pick<EvaluateeFigures, 'relations' | 'others'>;
}

/**
 * The evaluation summary from every evaluatee's figures as one viewer sees them, built one
 * evaluatee at a time (a snapshot streams 10,000 of them): it keeps the counts and the figures that
 * enter the averages, not the evaluatees. Only figures the viewer may see enter the averages and the
 * distribution.
 */
export class SummaryBuilder {
  private evaluatees = 0;
  private total = 0;
  private completed = 0;
  private readonly scored: number[] = [];
  private readonly perRelation = new Map<Relation, { total: number; completed: number; overall: number[] }>(
    RELATIONS.map((r) => [r, { total: 0, completed: 0, overall: [] }]),
  );

  add(e: SummaryInput): void {
    this.evaluatees += 1;
    for (const r of RELATIONS) {
      const acc = this.perRelation.get(r)!;
      acc.total += e.counts[r].total;
      acc.completed += e.counts[r].completed;
      this.total += e.counts[r].total;
      this.completed += e.counts[r].completed;
    }
    for (const row of e.figures.relations) {
      if (row.relation === 'peer_report' || !row.shown || row.overall_percentage === null) continue;
      this.perRelation.get(row.relation)!.overall.push(row.overall_percentage);
    }
    const overall = e.figures.others?.overall_percentage;
    if (overall !== null && overall !== undefined) this.scored.push(overall);
  }

  summary(released: boolean): V2Summary {
    const { total, completed, scored } = this;
    const distribution: ScoreBand[] = SCORE_BANDS.map((b) => ({ ...b, count: 0 }));
    for (const v of scored) distribution[bandIndex(v)]!.count += 1;
    return {
      evaluatees: this.evaluatees,
      evaluatees_scored: scored.length,
      assignments_total: total,
      assignments_completed: completed,
      completion_percentage: total === 0 ? 0 : (completed / total) * 100,
      overall_average: mean(scored),
      by_relation: RELATIONS.map((r) => {
        const acc = this.perRelation.get(r)!;
        return {
          relation: r,
          total: acc.total,
          completed: acc.completed,
          overall_average: mean(acc.overall),
        };
      }),
      distribution,
      released,
    };
  }
}

/** One item's answers about one person from one relation: sums and counts of their scores. */
export interface ItemSums {
  relation: Relation;
  /** Σ score of the scored answers (0-1 each). */
  score_sum: number;
  /** Scored answers (text and N/A excluded). */
  scored: number;
  /** Scored answers of raters who count toward a threshold for this reader (decision 023). */
  scored_counted: number;
}

/** The mean score of these rows, 0-100, or null with none scored. */
export function itemAverage(rows: readonly ItemSums[]): number | null {
  const scored = rows.reduce((a, r) => a + r.scored, 0);
  return scored === 0 ? null : (rows.reduce((a, r) => a + r.score_sum, 0) / scored) * 100;
}

/**
 * The per-item rule of one person's results for one reader (decision 023, rule 5), written once for the
 * results and the insight: an item's figure for a set of relations is withheld (non-admins) when an
 * anonymous group among them has scores on it from fewer than k counted raters — the others said N/A,
 * or a reader knows them. Each function takes that item's rows (every relation's sums).
 */
export function itemRule(figures: EvaluateeFigures, fullView: boolean, minRaters: number) {
  const { visibility } = figures;
  // The groups' own flags: the rule evaluateeFigures applied (isAnonymousGroup, decision 041).
  const anonymousRelation = (relation: Relation) =>
    figures.relations.find((r) => r.relation === relation)?.anonymous === true;
  const below = (rows: readonly ItemSums[], groups: ReadonlyArray<readonly Relation[]>) =>
    !fullView &&
    groups.some((group) => {
      if (!group.some(anonymousRelation)) return false;
      const members = rows.filter((r) => group.includes(r.relation));
      const scored = members.reduce((a, r) => a + r.scored, 0);
      return scored > 0 && members.reduce((a, r) => a + r.scored_counted, 0) < minRaters;
    });
  const mergedShown = visibility.merged?.shown === true;
  // "Others" is withheld when any group it is made of is below the threshold on this item.
  const othersGroups: Relation[][] = [
    ...(['manager', 'peer', 'report'] as const)
      .filter((r) => !(mergedShown && (r === 'peer' || r === 'report')))
      .map((r) => [r]),
    ...(mergedShown ? [['peer', 'report'] as Relation[]] : []),
  ];
  const of = (rows: readonly ItemSums[], relations: readonly Relation[]) =>
    rows.filter((r) => relations.includes(r.relation));
  return {
    /** The average of these relations (one shown group), or null when withheld. */
    group: (rows: readonly ItemSums[], members: readonly Relation[]) =>
      below(rows, [members]) ? null : itemAverage(of(rows, members)),
    /** The self-evaluation's average, when this reader reads figures. */
    self: (rows: readonly ItemSums[]) => (figures.released ? itemAverage(of(rows, ['self'])) : null),
    /** "Others" (every non-self rater), when shown and not withheld on this item. */
    others: (rows: readonly ItemSums[]) =>
      visibility.othersShown && !below(rows, othersGroups)
        ? itemAverage(of(rows, ['manager', 'peer', 'report']))
        : null,
  };
}
