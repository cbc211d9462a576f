import {
  V2_INSIGHT_BUCKETS,
  V2_INSIGHT_MESSAGES as M,
  V2_RESULT_GROUP_LABELS,
  V2_RESULT_GROUPS,
  type V2Insight,
  type V2InsightAverage,
  type V2InsightCell,
  type V2InsightComparison,
  type V2InsightDistribution,
  type V2InsightGap,
  type V2InsightGaps,
  type V2InsightItem,
  type V2InsightMean,
  type V2InsightPerson,
  type V2ResultGroup,
  INSIGHT_NOTES,
  V2_NOTES,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { yieldToLoop } from '../../db/yield';
import { notFound } from '../../http/errors';
import { frozenItemsOf, itemsOfEvaluation } from '../v2-items';
import { eachEvaluationFigures, type EvaluateeFigures, type EvaluationFigures } from '../v2-results';
import { personItemPairs, type ItemPair } from './items';
import { earlierClosedEvaluations, findInsightEvaluation, personItemRows } from './repository';

/** Who reads: admin sees every figure (flagged when nobody else does); gestionhumana what the rules allow. */
export interface InsightViewer {
  fullView: boolean;
  minRaters: number;
}

/** Evaluatees read and computed at a time (as v2-results' summary does). */
const PAGE_SIZE = 500;
/** Blind spots and hidden strengths kept per person. */
export const GAPS_PER_PERSON = 3;

const NO_DEPARTMENT = 'Sin departamento';
const AVERAGE_LABEL = 'Promedio general';

/** A person's figures in the viewer's view and in the restricted one (what anyone but admin sees). */
interface PersonViews {
  mine: EvaluateeFigures;
  restricted: EvaluateeFigures;
  full: EvaluateeFigures;
  itemsMine: Map<number, ItemPair>;
  itemsRestricted: Map<number, ItemPair>;
  itemsFull: Map<number, ItemPair>;
}

/**
 * A figure as the viewer gets it. Admin: the full figure, flagged when the restricted view does not
 * have it. Anyone else: the restricted figure; 'withheld' when it exists but is not theirs to see.
 */
function cellOf(fullView: boolean, full: number | null, restricted: number | null): V2InsightCell {
  if (fullView) {
    return {
      value: full,
      state: full === null ? 'none' : 'shown',
      flagged: full !== null && restricted === null,
    };
  }
  return {
    value: restricted,
    state: restricted !== null ? 'shown' : full !== null ? 'withheld' : 'none',
    flagged: false,
  };
}

function meanOf(cells: readonly V2InsightCell[]): V2InsightMean {
  const values = cells.map((c) => c.value).filter((v): v is number => v !== null);
  return {
    value: values.length === 0 ? null : values.reduce((a, v) => a + v, 0) / values.length,
    people: values.length,
  };
}

function averageRow(
  department: string | null,
  label: string,
  people: readonly V2InsightPerson[],
  items: number,
) {
  return {
    department,
    label,
    people: people.length,
    competencies: meanOf(people.map((p) => p.competencies)),
    objectives: meanOf(people.map((p) => p.objectives)),
    overall: meanOf(people.map((p) => p.overall)),
    items: Array.from({ length: items }, (_, i) => meanOf(people.map((p) => p.items[i]!))),
  } satisfies V2InsightAverage;
}

function bucketOf(value: number): number {
  return Math.min(V2_INSIGHT_BUCKETS.length - 1, Math.max(0, Math.floor(value / 10)));
}

/** The largest self-minus-others gaps of one person, where both figures are the viewer's to see. */
function gapsOf(
  person: { id: number; name: string },
  items: readonly V2InsightItem[],
  views: PersonViews,
  fullView: boolean,
): V2InsightGaps {
  const gaps: Array<V2InsightGap & { order: number }> = [];
  items.forEach((item, order) => {
    const pair = views.itemsMine.get(item.item_id);
    if (!pair || pair.self === null || pair.others === null) return;
    const restricted = views.itemsRestricted.get(item.item_id);
    gaps.push({
      item_id: item.item_id,
      question_text: item.question_text,
      self: pair.self,
      others: pair.others,
      gap: pair.self - pair.others,
      flagged: fullView && (restricted?.others === null || restricted?.self === null),
      order,
    });
  });
  const strip = ({ order: _order, ...g }: V2InsightGap & { order: number }): V2InsightGap => g;
  return {
    user_id: person.id,
    name: person.name,
    blind_spots: gaps
      .filter((g) => g.gap > 0)
      .sort((a, b) => b.gap - a.gap || a.order - b.order)
      .slice(0, GAPS_PER_PERSON)
      .map(strip),
    hidden_strengths: gaps
      .filter((g) => g.gap < 0)
      .sort((a, b) => a.gap - b.gap || a.order - b.order)
      .slice(0, GAPS_PER_PERSON)
      .map(strip),
  };
}

/** The overall of a result group (self included) as a row of the person's results shows it. */
function groupOverall(figures: EvaluateeFigures, group: V2ResultGroup): number | null {
  const row = figures.relations.find((r) => r.relation === group);
  return row && row.shown ? row.overall_percentage : null;
}

/**
 * Each person's previous 360: the most recent closed evaluation created before this one in which they
 * were an evaluatee and the viewer sees their overall ("others"). Two GROUP BY statements per earlier
 * evaluation looked at (only for the people still without one), never one per person.
 */
async function previousOverall(
  db: Kysely<Database>,
  current: { id: number; created_at: string },
  people: readonly number[],
  viewer: InsightViewer,
): Promise<Map<number, NonNullable<V2InsightComparison['previous']>>> {
  const found = new Map<number, NonNullable<V2InsightComparison['previous']>>();
  const wanted = new Set(people);
  const candidates = await earlierClosedEvaluations(db, current, people);
  for (const evaluation of candidates) {
    if (found.size === wanted.size) break;
    await yieldToLoop();
    await eachEvaluationFigures(db, evaluation.id, viewer.minRaters, ({ evaluatee, full, restricted }) => {
      if (!wanted.has(evaluatee.id) || found.has(evaluatee.id)) return;
      const mine = viewer.fullView ? full : restricted;
      const overall = mine.others?.overall_percentage ?? null;
      if (overall === null) return;
      found.set(evaluatee.id, {
        evaluation_id: evaluation.id,
        name: evaluation.name,
        period: evaluation.period,
        overall,
        flagged: viewer.fullView && (restricted.others?.overall_percentage ?? null) === null,
      });
    });
  }
  return found;
}

/**
 * GET /api/evaluations-v2/{id}/insight: the evaluation's heatmap, gaps, comparison and distribution as
 * the viewer may see them. Every person's figures come from v2-results' own per-person computation
 * (evaluateeFigures, and the item rule of buildResults) over rows read a page of people at a time.
 */
export async function buildInsight(
  db: Kysely<Database>,
  evaluationId: number,
  viewer: InsightViewer,
): Promise<V2Insight> {
  const evaluation = await findInsightEvaluation(db, evaluationId);
  if (!evaluation) throw notFound(M.evaluationMissing);
  const closed = evaluation.status === 'closed';
  const released = viewer.fullView || closed;
  const allItems =
    evaluation.status === 'draft'
      ? await itemsOfEvaluation(db, evaluationId)
      : await frozenItemsOf(db, evaluationId);
  const items: V2InsightItem[] = allItems
    .filter((i) => i.type !== 'text')
    .map((i) => ({ item_id: i.id, question_text: i.question_text, type: i.type, section: i.section }));
  const itemIds = items.map((i) => i.item_id);
  const k = viewer.minRaters;

  // Each evaluatee's figures in both views, as v2-results computes them (two GROUP BY per page).
  const everyone: EvaluationFigures[] = [];
  await eachEvaluationFigures(db, evaluationId, k, (f) => everyone.push(f));
  let total = 0;
  let completed = 0;
  const people: V2InsightPerson[] = [];
  const gaps: V2InsightGaps[] = [];
  const distribution = new Map<V2ResultGroup, V2InsightDistribution>(
    V2_RESULT_GROUPS.map((g) => [
      g,
      {
        group: g,
        label: V2_RESULT_GROUP_LABELS[g],
        people: 0,
        buckets: V2_INSIGHT_BUCKETS.map((b) => ({ ...b, count: 0, flagged: 0 })),
      },
    ]),
  );

  for (const f of everyone) {
    for (const c of Object.values(f.counts)) {
      total += c.total;
      completed += c.completed;
    }
  }
  for (let start = 0; released && start < everyone.length; start += PAGE_SIZE) {
    await yieldToLoop();
    const page = everyone.slice(start, start + PAGE_SIZE);
    // One GROUP BY per page: each person's sums per item and relation.
    const itemRows = await personItemRows(
      db,
      evaluationId,
      page.map((f) => f.evaluatee.id),
    );
    const rowsOf = new Map<number, typeof itemRows>();
    for (const row of itemRows) rowsOf.set(row.evaluatee_id, [...(rowsOf.get(row.evaluatee_id) ?? []), row]);

    for (const { evaluatee: person, full, restricted } of page) {
      const rows = rowsOf.get(person.id) ?? [];
      const itemsFull = personItemPairs(rows, itemIds, full, true, k);
      const itemsRestricted = personItemPairs(rows, itemIds, restricted, false, k);
      const views: PersonViews = {
        full,
        restricted,
        mine: viewer.fullView ? full : restricted,
        itemsFull,
        itemsRestricted,
        itemsMine: viewer.fullView ? itemsFull : itemsRestricted,
      };
      const section = (key: 'competencies_percentage' | 'objectives_percentage' | 'overall_percentage') =>
        cellOf(viewer.fullView, full.others?.[key] ?? null, restricted.others?.[key] ?? null);
      people.push({
        user_id: person.id,
        name: person.name,
        department: person.department,
        position: person.position,
        competencies: section('competencies_percentage'),
        objectives: section('objectives_percentage'),
        overall: section('overall_percentage'),
        items: itemIds.map((id) =>
          cellOf(viewer.fullView, itemsFull.get(id)?.others ?? null, itemsRestricted.get(id)?.others ?? null),
        ),
      });
      gaps.push(gapsOf(person, items, views, viewer.fullView));
      for (const group of V2_RESULT_GROUPS) {
        const value = groupOverall(views.mine, group);
        if (value === null) continue;
        const entry = distribution.get(group)!;
        const bucket = entry.buckets[bucketOf(value)]!;
        entry.people += 1;
        bucket.count += 1;
        if (viewer.fullView && groupOverall(restricted, group) === null) bucket.flagged += 1;
      }
    }
  }

  const departments = new Map<string | null, V2InsightPerson[]>();
  for (const p of people) departments.set(p.department, [...(departments.get(p.department) ?? []), p]);
  const departmentRows = [...departments.entries()]
    .map(([department, members]) =>
      averageRow(department, department ?? NO_DEPARTMENT, members, items.length),
    )
    .sort((a, b) =>
      a.department === null ? 1 : b.department === null ? -1 : a.label.localeCompare(b.label, 'es'),
    );

  const previous = released
    ? await previousOverall(
        db,
        evaluation,
        people.map((p) => p.user_id),
        viewer,
      )
    : new Map();
  const comparison: V2InsightComparison[] = people.map((p) => {
    const before = previous.get(p.user_id) ?? null;
    return {
      user_id: p.user_id,
      name: p.name,
      previous: before,
      current: p.overall,
      change: before !== null && p.overall.value !== null ? p.overall.value - before.overall : null,
    };
  });

  const anyWithheld = people.some((p) =>
    [p.competencies, p.objectives, p.overall, ...p.items].some((c) => c.state === 'withheld'),
  );
  const anyFlagged = people.some((p) =>
    [p.competencies, p.objectives, p.overall, ...p.items].some((c) => c.flagged),
  );
  const notes: string[] = [];
  if (viewer.fullView) {
    if (!closed) notes.push(V2_NOTES.adminNotReleased);
    if (anyFlagged) notes.push(INSIGHT_NOTES.adminFlagged);
  } else if (!released) notes.push(V2_NOTES.notReleased);
  else if (anyWithheld) notes.push(INSIGHT_NOTES.withheld(k));

  return {
    evaluation: {
      id: evaluation.id,
      name: evaluation.name,
      period: evaluation.period,
      status: evaluation.status,
    },
    released,
    full_view: viewer.fullView,
    ...(notes.length > 0 ? { hidden_note: notes.join(' ') } : {}),
    completion: {
      evaluatees: everyone.length,
      assignments_total: total,
      assignments_completed: completed,
      completion_percentage: total === 0 ? 0 : (completed / total) * 100,
    },
    items: released ? items : [],
    people,
    departments: departmentRows,
    average: released && people.length > 0 ? averageRow(null, AVERAGE_LABEL, people, items.length) : null,
    gaps,
    comparison,
    distribution: released ? [...distribution.values()].filter((d) => d.people > 0) : [],
  };
}
