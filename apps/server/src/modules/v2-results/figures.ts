import {
  RELATIONS,
  SCORE_BANDS,
  v2FiguresFromSums,
  v2GroupFigures,
  v2Visibility,
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
} from '@evalua/contracts';
import type { AssignmentCountRow, RaterSectionRow } from './repository';

/** Pure assembly of 360 results from the few aggregate rows the repository answers (decision 018). */

export type RelationCounts = Record<Relation, { total: number; completed: number }>;

export interface EvaluateeRaters {
  counts: RelationCounts;
  /** Each completed rater's figures, and whether they count toward a threshold (decision 023). */
  raters: Array<{ relation: Relation; figures: V2Figures; counts: boolean }>;
}

const NO_FIGURES: V2Figures = {
  competencies_percentage: null,
  objectives_percentage: null,
  overall_percentage: null,
};

export function emptyCounts(): RelationCounts {
  return {
    self: { total: 0, completed: 0 },
    manager: { total: 0, completed: 0 },
    peer: { total: 0, completed: 0 },
    report: { total: 0, completed: 0 },
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
    entry(c.evaluatee_id).counts[c.relation] = { total: c.total, completed: c.completed };
  const responses = new Map<
    number,
    {
      evaluatee_id: number;
      relation: Relation;
      counts: boolean;
      sums: Partial<Record<QuestionType, V2SectionSum>>;
    }
  >();
  for (const s of sums) {
    let r = responses.get(s.response_id);
    if (!r) {
      r = { evaluatee_id: s.evaluatee_id, relation: s.relation, counts: s.counts, sums: {} };
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
    });
  }
  return out;
}

export function completedOf(counts: RelationCounts): Record<Relation, number> {
  return Object.fromEntries(RELATIONS.map((r) => [r, counts[r].completed])) as Record<Relation, number>;
}

/** Per relation, the completed raters that count toward an anonymity threshold (decision 023). */
export function countedOf(data: EvaluateeRaters): Record<Relation, number> {
  const out = Object.fromEntries(RELATIONS.map((r) => [r, 0])) as Record<Relation, number>;
  for (const r of data.raters) if (r.counts) out[r.relation] += 1;
  return out;
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
  const rules = v2Visibility(completedOf(data.counts), minRaters, fullView, counted);
  const open = fullView || released;
  const visibility = open ? rules : withheldVisibility(rules);
  const of = (relations: readonly Relation[]) =>
    v2GroupFigures(data.raters.filter((r) => relations.includes(r.relation)).map((r) => r.figures));
  const relations: V2RelationResult[] = [];
  for (const relation of RELATIONS) {
    const { total, completed } = data.counts[relation];
    if (total === 0) continue;
    const shown = open && visibility.groups[relation] !== 'hidden';
    relations.push({
      relation,
      raters_completed: completed,
      raters_assigned: total,
      raters_counted: counted[relation],
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
      shown,
      below_threshold: !shown,
      ...(shown ? figuresOf(of(['peer', 'report'])) : NO_FIGURES),
    });
  }
  const self = open && data.counts.self.completed > 0 ? of(['self']) : null;
  const nonSelf = data.raters.some((r) => r.relation !== 'self');
  const others = nonSelf && visibility.othersShown ? of(['manager', 'peer', 'report']) : null;
  return { visibility, released: open, relations, self, others };
}

export const V2_NOTES = {
  notReleased:
    'Los resultados de cada persona se publican cuando la evaluación se cierra. Mientras siga abierta solo se muestra el avance: comparar resultados leídos antes y después de una respuesta revelaría lo que respondió esa persona.',
  adminNotReleased:
    'Vista de administración. Nadie más ve estos resultados hasta que la evaluación se cierre: mientras siga abierta, solo el avance.',
  notCounted: (n: number) =>
    `${n === 1 ? 'Una respuesta no cuenta' : `${n} respuestas no cuentan`} para ese mínimo: las de quien puede leer resultados (administración y gestión humana) y las dadas con una contraseña que asignó otra persona.`,
} as const;

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

/**
 * The evaluation summary from every evaluatee's figures as one viewer sees them: only figures that
 * viewer may see enter the averages and the distribution.
 */
export function summarize(
  evaluatees: ReadonlyArray<{ counts: RelationCounts; figures: EvaluateeFigures }>,
  released: boolean,
): V2Summary {
  let total = 0;
  let completed = 0;
  const scored: number[] = [];
  const perRelation = new Map<Relation, { total: number; completed: number; overall: number[] }>(
    RELATIONS.map((r) => [r, { total: 0, completed: 0, overall: [] }]),
  );
  for (const e of evaluatees) {
    for (const r of RELATIONS) {
      const acc = perRelation.get(r)!;
      acc.total += e.counts[r].total;
      acc.completed += e.counts[r].completed;
      total += e.counts[r].total;
      completed += e.counts[r].completed;
    }
    for (const row of e.figures.relations) {
      if (row.relation === 'peer_report' || !row.shown || row.overall_percentage === null) continue;
      perRelation.get(row.relation)!.overall.push(row.overall_percentage);
    }
    const overall = e.figures.others?.overall_percentage;
    if (overall !== null && overall !== undefined) scored.push(overall);
  }
  const distribution: ScoreBand[] = SCORE_BANDS.map((b) => ({ ...b, count: 0 }));
  for (const v of scored) distribution[bandIndex(v)]!.count += 1;
  return {
    evaluatees: evaluatees.length,
    evaluatees_scored: scored.length,
    assignments_total: total,
    assignments_completed: completed,
    completion_percentage: total === 0 ? 0 : (completed / total) * 100,
    overall_average: mean(scored),
    by_relation: RELATIONS.map((r) => {
      const acc = perRelation.get(r)!;
      return { relation: r, total: acc.total, completed: acc.completed, overall_average: mean(acc.overall) };
    }),
    distribution,
    released,
  };
}
