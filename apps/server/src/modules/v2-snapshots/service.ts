import {
  ERROR_CODES,
  V2_SNAPSHOT_MESSAGES as M,
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
import { audit } from '../audit/audit';
import {
  evaluationFigures,
  requireEvaluation,
  summarize,
  type EvaluateeFigures,
  type EvaluationFigures,
} from '../v2-results/service';
import { findSnapshot, insertSnapshot, listSnapshots } from './repository';

/** What a snapshot stores: both views, so that each reader later gets the one they may see. */
interface Frozen<T> {
  /** Every group, as admin sees it. */
  full: T;
  /** With the anonymity rules applied, as gestionhumana sees it. */
  restricted: T;
}

function detailRows(all: readonly EvaluationFigures[], view: keyof Frozen<unknown>): V2SnapshotDetailRow[] {
  return all.map((e) => {
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
  });
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
 */
export async function freezeSnapshot(
  trx: Kysely<Database>,
  evaluationId: number,
  input: { label: string; notes: string | null },
  createdBy: number,
  minRaters: number,
): Promise<{ snapshot: V2Snapshot; summary: Frozen<V2Summary> }> {
  const evaluation = await requireEvaluation(trx, evaluationId);
  if (evaluation.status === 'draft') throw conflict(M.draft, ERROR_CODES.evaluationNotOpen);
  const { closed, evaluatees: all } = await evaluationFigures(trx, evaluationId, minRaters);
  const summary: Frozen<V2Summary> = {
    full: summarize(
      all.map((e) => ({ counts: e.counts, figures: e.full })),
      true,
    ),
    // Of an open evaluation, completion only (decision 023): two snapshots taken around one answer
    // would otherwise give that answer away through 'Comparar'.
    restricted: summarize(
      all.map((e) => ({ counts: e.counts, figures: e.restricted })),
      closed,
    ),
  };
  const detail: Frozen<V2SnapshotDetailRow[]> = {
    full: detailRows(all, 'full'),
    restricted: detailRows(all, 'restricted'),
  };
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
    detail: JSON.stringify(detail),
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
  let detail = (JSON.parse(row.detail) as Frozen<V2SnapshotDetailRow[]>)[view];
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
