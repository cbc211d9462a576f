import {
  MANAGER_ROLES,
  RELATIONS,
  V2_RESULT_MESSAGES as M,
  type MyV2Result,
  type Relation,
  type Role,
  type V2ItemResult,
  type V2ResultComment,
  type V2ResultGroup,
  type V2Results,
  type V2Summary,
  type V2Visibility,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { StampedCache } from '../../db/stamps';
import { yieldToLoop } from '../../db/yield';
import { fileSlug } from '../../http/download';
import { forbidden, notFound } from '../../http/errors';
import { renderV2ResultsPdf } from '../../pdf/v2-results-pdf';
import { paperLogo } from '../organization';
import { frozenItemsOf, itemsOfEvaluation } from '../v2-items';
import { releasedReader } from '../v2-release';
import { resultsWorkbook } from './exports';
import {
  evaluateeFigures,
  hiddenNote,
  itemRule,
  ratersByEvaluatee,
  SummaryBuilder,
  type EvaluateeFigures,
  type EvaluateeRaters,
  type RelationCounts,
} from './figures';
import {
  assignmentCounts,
  evaluateesOf,
  findEvaluationHeader,
  listMyV2Results,
  personResultData,
  raterSectionSums,
  type ItemRelationRow,
} from './repository';

/** Who reads: admin sees every group (full view); anyone else sees what the anonymity rules allow. */
export interface ResultViewer {
  fullView: boolean;
  minRaters: number;
  /**
   * A reader who may have rated the person themself (their manager — decision 038): their answers
   * never count toward a threshold in what they read. Absent: nobody.
   */
  knownRater?: number;
}

/** What snapshots freeze: the summary of every evaluatee's figures as one view sees them. */
export { SummaryBuilder, type EvaluateeFigures } from './figures';

/** GET /api/evaluations-v2/results/mine: closed 360s where the caller was rated by someone. */
export async function myV2Results(db: Kysely<Database>, userId: number): Promise<{ rows: MyV2Result[] }> {
  return { rows: await listMyV2Results(db, userId) };
}

/** The viewer of a summary: admin sees every group, gestionhumana what the anonymity rules allow. */
export function summaryViewer(role: Role, minRaters: number): ResultViewer {
  return { fullView: role === 'admin', minRaters };
}

/**
 * Who may read one evaluatee's results: admin (every group) and gestionhumana; the evaluatee
 * themself and their manager once the evaluation is closed and HR has released the results to them
 * (decision 038; until then the 403 says 'Tus resultados aún no están disponibles.'); anyone else 403.
 */
export async function resultViewer(
  db: Kysely<Database>,
  user: { id: number; role: Role },
  evaluationId: number,
  userId: number,
  minRaters: number,
): Promise<ResultViewer> {
  const viewer = summaryViewer(user.role, minRaters);
  if ((MANAGER_ROLES as readonly string[]).includes(user.role)) return viewer;
  if (user.id === userId) await requireEvaluation(db, evaluationId);
  const reader = await releasedReader(db, evaluationId, userId, user.id);
  if (!reader) throw forbidden();
  return reader.knownRater ? { ...viewer, knownRater: reader.knownRater } : viewer;
}

/** A results file to send: its name and its bytes. */
export interface ResultsFile {
  name: string;
  body: Buffer;
}

const fileStem = (results: V2Results) =>
  `resultados-360-${fileSlug(results.evaluatee.name)}-${fileSlug(results.evaluation.name)}`;

/** One evaluatee's results as the viewer may see them, as a PDF or a spreadsheet. */
export async function resultsFile(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  viewer: ResultViewer,
  format: 'pdf' | 'xlsx',
): Promise<ResultsFile> {
  const results = await buildResults(db, evaluationId, userId, viewer);
  const body =
    format === 'pdf'
      ? await renderV2ResultsPdf(results, { logo: await paperLogo(db) })
      : await resultsWorkbook(results);
  return { name: `${fileStem(results)}.${format}`, body };
}

export async function requireEvaluation(db: Kysely<Database>, evaluationId: number) {
  const evaluation = await findEvaluationHeader(db, evaluationId);
  if (!evaluation) throw notFound(M.evaluationMissing);
  return evaluation;
}

/** The group a rater's answers appear under for this viewer, or null when they may not see them. */
function groupOf(relation: Relation, visibility: V2Visibility): V2ResultGroup | null {
  if (!visibility.visible[relation]) return null;
  return visibility.groups[relation] === 'hidden' ? 'peer_report' : relation;
}

/**
 * GET /api/evaluations-v2/{id}/results/{userId}: one evaluatee's results as the viewer may see them
 * (DESIGN §5, decision 018). A few aggregate statements; the anonymity rules run over their rows.
 */
export async function buildResults(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  viewer: ResultViewer,
): Promise<V2Results> {
  // One statement (decision 032); the items of an open or closed evaluation are kept in memory.
  const {
    evaluation,
    evaluatee: user,
    counts,
    sums,
    items: itemSums,
    comments,
  } = await personResultData(db, evaluationId, userId, viewer.knownRater);
  if (!evaluation) throw notFound(M.evaluationMissing);
  if (!user) throw notFound(M.userMissing);
  if (counts.length === 0) throw notFound(M.noAssignments);
  const items =
    evaluation.status === 'draft'
      ? await itemsOfEvaluation(db, evaluationId)
      : await frozenItemsOf(db, evaluationId);
  const data = ratersByEvaluatee(counts, sums, evaluation).get(userId)!;
  const figures = evaluateeFigures(data, viewer.minRaters, viewer.fullView, evaluation.status === 'closed');
  const { visibility } = figures;
  const shownGroups = figures.relations
    .filter((r) => r.relation !== 'self' && r.shown)
    .map((r) => r.relation);

  const rule = itemRule(figures, viewer.fullView, viewer.minRaters);
  const byItem = new Map<number, ItemRelationRow[]>();
  for (const row of itemSums) byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), row]);
  const itemResults: V2ItemResult[] = items.map((item) => {
    const rows = byItem.get(item.id) ?? [];
    const by_relation: V2ItemResult['by_relation'] = {};
    for (const group of shownGroups) {
      const members: Relation[] = group === 'peer_report' ? ['peer', 'report'] : [group as Relation];
      by_relation[group] = rule.group(rows, members);
    }
    return {
      item_id: item.id,
      question_text: item.question_text,
      type: item.type,
      section: item.section,
      weight: item.weight,
      self_average: rule.self(rows),
      others_average: rule.others(rows),
      by_relation,
      na_count: rows.filter((r) => visibility.visible[r.relation]).reduce((a, r) => a + r.na, 0),
    };
  });

  const position = new Map(items.map((item, i) => [item.id, i]));
  const text = new Map(items.map((item) => [item.id, item.question_text]));
  const groupOrder = (g: V2ResultGroup) => (g === 'peer_report' ? RELATIONS.length : RELATIONS.indexOf(g));
  const resultComments: V2ResultComment[] = [];
  for (const c of comments) {
    const group = groupOf(c.relation, visibility);
    if (group === null) continue;
    const base = { relation: group, item_id: c.item_id, question_text: text.get(c.item_id) ?? '' };
    if (c.type === 'text' && c.skip === 0) {
      const written = JSON.parse(c.value) as unknown;
      if (typeof written === 'string' && written !== '') resultComments.push({ ...base, text: written });
    }
    if (c.comment) resultComments.push({ ...base, text: c.comment });
  }
  // By item, then group, then text: never in answer order, which could tie comments to one rater.
  resultComments.sort(
    (a, b) =>
      (position.get(a.item_id) ?? 0) - (position.get(b.item_id) ?? 0) ||
      groupOrder(a.relation) - groupOrder(b.relation) ||
      a.text.localeCompare(b.text, 'es'),
  );

  const note = hiddenNote(figures, viewer.minRaters, viewer.fullView, evaluation.status === 'closed');
  return {
    evaluation: {
      id: evaluation.id,
      name: evaluation.name,
      period: evaluation.period,
      status: evaluation.status,
      weights: {
        weight_objectives: evaluation.weight_objectives,
        weight_competencies: evaluation.weight_competencies,
      },
    },
    evaluatee: user,
    relations: figures.relations,
    self: figures.self,
    others: figures.others,
    items: itemResults,
    comments: resultComments,
    released: figures.released,
    ...(note ? { hidden_note: note } : {}),
  };
}

export interface EvaluationFigures {
  evaluatee: { id: number; name: string; department: string | null; position: string | null };
  counts: RelationCounts;
  full: EvaluateeFigures;
  restricted: EvaluateeFigures;
}

/** Evaluatees read and computed at a time by eachEvaluatee. */
export const FIGURES_PAGE_SIZE = 500;

/**
 * Every evaluatee of an evaluation with their rows, by name, a page of evaluatees at a time: two
 * GROUP BY statements per page, and `visit` gets each evaluatee's rows, which are not kept. A
 * district's 10,000 evaluatees, held at once with what is computed from them, were most of the
 * server's memory at a snapshot (docs/performance.md, decision 030). Between pages the event loop
 * serves other requests: no page holds it for long (decision 032). Run it inside a transaction to
 * read one consistent state.
 */
async function eachEvaluatee(
  db: Kysely<Database>,
  evaluationId: number,
  visit: (
    evaluatee: EvaluationFigures['evaluatee'],
    data: EvaluateeRaters,
    evaluation: { closed: boolean },
  ) => void,
  pageSize: number,
): Promise<{ closed: boolean }> {
  const evaluation = await requireEvaluation(db, evaluationId);
  const closed = evaluation.status === 'closed';
  const people = await evaluateesOf(db, evaluationId);
  for (let start = 0; start < people.length; start += pageSize) {
    if (start > 0) await yieldToLoop();
    const page = people.slice(start, start + pageSize);
    const ids = page.map((p) => p.id);
    const [counts, sums] = await Promise.all([
      assignmentCounts(db, evaluationId, ids),
      raterSectionSums(db, evaluationId, ids),
    ]);
    const byEvaluatee = ratersByEvaluatee(counts, sums, evaluation);
    for (const person of page) {
      const data = byEvaluatee.get(person.id);
      if (data) visit(person, data, { closed });
    }
  }
  return { closed };
}

/**
 * Every evaluatee's figures in both views (full for admin, restricted for everyone else), by name, a
 * page at a time (eachEvaluatee): what a snapshot freezes.
 */
export function eachEvaluationFigures(
  db: Kysely<Database>,
  evaluationId: number,
  minRaters: number,
  visit: (figures: EvaluationFigures) => void,
  pageSize = FIGURES_PAGE_SIZE,
): Promise<{ closed: boolean }> {
  return eachEvaluatee(
    db,
    evaluationId,
    (evaluatee, data, { closed }) =>
      visit({
        evaluatee,
        counts: data.counts,
        full: evaluateeFigures(data, minRaters, true),
        restricted: evaluateeFigures(data, minRaters, false, closed),
      }),
    pageSize,
  );
}

/**
 * A summary depends on the V2 tables and on users (names, and which raters count toward a
 * threshold): kept per evaluation and view while their stamps are unchanged (decision 032).
 */
const summaries = new StampedCache<V2Summary>(['users', 'v2'], 64);

/** A summary as the viewer sees it, computed now: only the viewer's view. */
export async function computeSummary(
  db: Kysely<Database>,
  evaluationId: number,
  viewer: ResultViewer,
): Promise<V2Summary> {
  const builder = new SummaryBuilder();
  const { closed } = await eachEvaluatee(
    db,
    evaluationId,
    (_evaluatee, data, evaluation) =>
      builder.add({
        counts: data.counts,
        figures: evaluateeFigures(data, viewer.minRaters, viewer.fullView, evaluation.closed),
      }),
    FIGURES_PAGE_SIZE,
  );
  return builder.summary(viewer.fullView || closed);
}

/** GET /api/evaluations-v2/{id}/summary for a viewer: computed once per state of the data. */
export function buildSummary(
  db: Kysely<Database>,
  evaluationId: number,
  viewer: ResultViewer,
): Promise<V2Summary> {
  const key = `${evaluationId}:${viewer.fullView ? 'full' : 'restricted'}:${viewer.minRaters}`;
  return summaries.get(db, key, () => computeSummary(db, evaluationId, viewer));
}
