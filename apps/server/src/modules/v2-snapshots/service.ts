import {
  ERROR_CODES,
  V2_SNAPSHOT_MESSAGES as M,
  v2EvaluationAllows,
  type V2Snapshot,
  type V2SnapshotDetail,
  type V2SnapshotDetailRow,
  type V2SnapshotListItem,
  type V2Summary,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { nowIso } from '../../time';
import { audit } from '../audit';
import {
  FIGURES_PAGE_SIZE,
  SummaryBuilder,
  eachEvaluationFigures,
  requireEvaluation,
  type EvaluateeFigures,
  type EvaluationFigures,
} from '../v2-results';
import { findSnapshot, insertSnapshot, listSnapshots } from './repository';

/** What a snapshot stores: both views, so that each reader later gets the one they may see. */
interface Frozen<T> {
  /** Every group, as admin sees it. */
  full: T;
  /** With the anonymity rules applied, as gestionhumana sees it. */
  restricted: T;
}

type View = keyof Frozen<unknown>;
const VIEWS: readonly View[] = ['full', 'restricted'];

function detailRow(e: EvaluationFigures, view: View): V2SnapshotDetailRow {
  const f: EvaluateeFigures = e[view];
  return {
    evaluatee_id: e.evaluatee.id,
    evaluatee_name: e.evaluatee.name,
    department: e.evaluatee.department,
    position: e.evaluatee.position,
    relations: f.relations,
    self: f.self,
    others: f.others,
    overall_percentage: f.others?.overall_percentage ?? null,
  };
}

/** Rows serialised to JSON as they come, joined in chunks: the text of a JSON array, without the rows. */
class JsonArrayText {
  private readonly chunks: string[] = [];
  private pending: string[] = [];

  constructor(private readonly chunkRows: number) {}

  push(row: unknown): void {
    this.pending.push(JSON.stringify(row));
    if (this.pending.length >= this.chunkRows) this.flush();
  }

  /** The array's text as pieces to join: '[', chunk, ',', chunk, …, ']'. */
  parts(): string[] {
    this.flush();
    const out = ['['];
    for (const [i, chunk] of this.chunks.entries()) {
      if (i > 0) out.push(',');
      out.push(chunk);
    }
    out.push(']');
    return out;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(this.pending.join(','));
    this.pending = [];
  }
}

/** The key that starts the restricted view in a frozen JSON text (the last top-level key). */
const RESTRICTED_KEY = ',"restricted":';
const FULL_START = '{"full":';

/**
 * One view of a frozen `{"full":…,"restricted":…}` text, parsing that view's text only (a
 * district's detail is ~19 MB of JSON; parsing both views held both in memory). Inside a JSON
 * string every quote is escaped, and the rows have no key "restricted", so the last
 * `,"restricted":` is the top-level key; any other text is parsed whole.
 */
function frozenView<T>(json: string, view: View): T {
  const cut = json.lastIndexOf(RESTRICTED_KEY);
  if (!json.startsWith(FULL_START) || !json.endsWith('}') || cut < FULL_START.length) {
    return (JSON.parse(json) as Frozen<T>)[view];
  }
  return JSON.parse(
    view === 'full' ? json.slice(FULL_START.length, cut) : json.slice(cut + RESTRICTED_KEY.length, -1),
  ) as T;
}

const NO_FIGURES = { competencies_percentage: null, objectives_percentage: null, overall_percentage: null };

/** A summary with its completion figures only. */
function completionOnlySummary(summary: V2Summary): V2Summary {
  return {
    ...summary,
    evaluatees_scored: 0,
    overall_average: null,
    by_relation: summary.by_relation.map((r) => ({ ...r, overall_average: null })),
    distribution: summary.distribution.map((b) => ({ ...b, count: 0 })),
    released: false,
  };
}

/** A detail row with its counts of raters only. */
function completionOnlyRow(row: V2SnapshotDetailRow): V2SnapshotDetailRow {
  return {
    ...row,
    relations: row.relations.map((r) => ({ ...r, ...NO_FIGURES, shown: false })),
    self: null,
    others: null,
    overall_percentage: null,
  };
}

/**
 * Freezes, as JSON, every evaluatee's results and the evaluation summary as they are now; later
 * answers never change them. Run inside a transaction that reads consistently (see createSnapshot).
 *
 * Streamed (decision 030): the evaluatees are read and computed a page at a time, and each one's
 * rows in both views are written as JSON text at once; only that text and the summaries' running
 * figures are kept. The stored text is the one JSON.stringify gives for `{full, restricted}`.
 */
export async function freezeSnapshot(
  trx: Kysely<Database>,
  evaluationId: number,
  input: { label: string; notes: string | null },
  createdBy: number,
  minRaters: number,
  pageSize = FIGURES_PAGE_SIZE,
): Promise<{ snapshot: V2Snapshot; summary: Frozen<V2Summary> }> {
  const evaluation = await requireEvaluation(trx, evaluationId);
  if (!v2EvaluationAllows(evaluation.status).results) throw conflict(M.draft, ERROR_CODES.evaluationNotOpen);
  const builders: Frozen<SummaryBuilder> = { full: new SummaryBuilder(), restricted: new SummaryBuilder() };
  const rows: Frozen<JsonArrayText> = {
    full: new JsonArrayText(pageSize),
    restricted: new JsonArrayText(pageSize),
  };
  const { closed } = await eachEvaluationFigures(
    trx,
    evaluationId,
    minRaters,
    (e) => {
      for (const view of VIEWS) {
        builders[view].add({ counts: e.counts, figures: e[view] });
        rows[view].push(detailRow(e, view));
      }
    },
    pageSize,
  );
  const summary: Frozen<V2Summary> = {
    full: builders.full.summary(true),
    // Of an open evaluation, completion only (decision 023): two snapshots taken around one answer
    // would otherwise give that answer away through 'Comparar'.
    restricted: builders.restricted.summary(closed),
  };
  // One flat string, joined once (the driver needs it whole).
  const detail = [FULL_START, ...rows.full.parts(), RESTRICTED_KEY, ...rows.restricted.parts(), '}'].join('');
  const created_at = nowIso();
  const id = await insertSnapshot(trx, {
    evaluation_id: evaluationId,
    label: input.label,
    notes: input.notes,
    created_by: createdBy,
    created_at,
    anonymity_min_raters: minRaters,
    results_released: closed ? 1 : 0,
    summary: JSON.stringify(summary),
    detail,
  });
  return {
    snapshot: { id, label: input.label, notes: input.notes, created_by: createdBy, created_at },
    summary,
  };
}

/**
 * POST /api/evaluations-v2/{id}/snapshot: one transaction that reads a consistent state (repeatable
 * read on PostgreSQL; SQLite's read transaction is a snapshot already), freezes it and audits it.
 * Answers the snapshot and the summary as the creator may see it.
 */
export async function createSnapshot(
  db: Kysely<Database>,
  engine: Engine,
  evaluationId: number,
  input: { label: string; notes: string | null },
  actor: Actor,
  minRaters: number,
): Promise<{ snapshot: V2Snapshot; summary: V2Summary }> {
  const tx = engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return tx.execute(async (trx) => {
    const { snapshot, summary } = await freezeSnapshot(trx, evaluationId, input, actor.userId, minRaters);
    await audit(trx, {
      userId: actor.userId,
      action: 'create',
      entity: 'v2_snapshot',
      entityId: snapshot.id,
      after: { ...snapshot, evaluation_id: evaluationId },
      ip: actor.ip,
    });
    return { snapshot, summary: actor.role === 'admin' ? summary.full : summary.restricted };
  });
}

export async function snapshotsOf(
  db: Kysely<Database>,
  evaluationId: number,
): Promise<{ snapshots: V2SnapshotListItem[] }> {
  await requireEvaluation(db, evaluationId);
  return { snapshots: await listSnapshots(db, evaluationId) };
}

/** GET …/snapshots/{snapshotId}: the frozen data in the view the reader may see. */
export async function snapshotDetail(
  db: Kysely<Database>,
  evaluationId: number,
  snapshotId: number,
  fullView: boolean,
): Promise<V2SnapshotDetail> {
  await requireEvaluation(db, evaluationId);
  const row = await findSnapshot(db, evaluationId, snapshotId);
  if (!row) throw notFound(M.notFound);
  const view = fullView ? 'full' : 'restricted';
  const released = row.results_released === 1;
  let summary = (JSON.parse(row.summary) as Frozen<V2Summary>)[view];
  let detail = frozenView<V2SnapshotDetailRow[]>(row.detail, view);
  // Taken while the evaluation was open: non-admins read completion only (decision 023). Snapshots
  // taken before that rule hold figures in their restricted view too; they are withheld here.
  if (!fullView && !released) {
    summary = completionOnlySummary(summary);
    detail = detail.map(completionOnlyRow);
  }
  return {
    snapshot: {
      id: row.id,
      label: row.label,
      notes: row.notes,
      created_by: row.created_by,
      created_by_name: row.created_by_name ?? null,
      created_at: row.created_at,
      anonymity_min_raters: row.anonymity_min_raters,
      results_released: released,
    },
    summary,
    detail,
  };
}
