import {
  ERROR_CODES,
  V2_ASSIGNMENT_MESSAGES as M,
  v2BatchEntrySchema,
  type Relation,
  type UserLookupRow,
  type V2BatchEntry,
} from '@evalua/contracts';
import { failedWith, hasErrorCode } from '../../api/errors';
import { messages } from '../../i18n/messages';

const t = messages.v2Assignments;

export type BatchCheck = { ok: true; entry: V2BatchEntry } | { ok: false; message: string };

/**
 * Checks an entry before it joins the batch: the contract's schema (numeric ids and a relation,
 * SPEC §5's sentence), then the server's relation rules with the server's own sentences, and
 * finally that the pair is not in the batch already.
 */
function check(
  raw: { evaluator_id: string; evaluatee_id: string; relation: Relation | null },
  invalidMessage: string,
  allowSelf: boolean | undefined,
  batch: readonly V2BatchEntry[],
): BatchCheck {
  const parsed = v2BatchEntrySchema.safeParse({
    evaluator_id: raw.evaluator_id.trim(),
    evaluatee_id: raw.evaluatee_id.trim(),
    relation: raw.relation ?? undefined,
  });
  if (!parsed.success) return { ok: false, message: invalidMessage };
  const entry = parsed.data;
  const same = entry.evaluator_id === entry.evaluatee_id;
  if (entry.relation === 'self' && !same) return { ok: false, message: M.selfMismatch };
  if (entry.relation !== 'self' && same) return { ok: false, message: M.sameNeedsSelf };
  if (entry.relation === 'self' && allowSelf === false) return { ok: false, message: M.selfNotAllowed };
  if (batch.some((b) => b.evaluator_id === entry.evaluator_id && b.evaluatee_id === entry.evaluatee_id))
    return { ok: false, message: t.duplicate };
  return { ok: true, entry };
}

/** 'Agregar al lote': evaluator, evaluatee and relation. */
export function checkPair(
  evaluatorId: string,
  evaluateeId: string,
  relation: Relation | null,
  allowSelf: boolean | undefined,
  batch: readonly V2BatchEntry[],
): BatchCheck {
  return check(
    { evaluator_id: evaluatorId, evaluatee_id: evaluateeId, relation },
    t.batchIncomplete,
    allowSelf,
    batch,
  );
}

/** 'Agregar autoeval.': the person evaluates themself (relation self). */
export function checkSelf(
  userId: string,
  allowSelf: boolean | undefined,
  batch: readonly V2BatchEntry[],
): BatchCheck {
  return check(
    { evaluator_id: userId, evaluatee_id: userId, relation: 'self' },
    t.selfInvalid,
    allowSelf,
    batch,
  );
}

/**
 * The server refused the batch because it would give someone more than one manager (decision 023):
 * HR may confirm and send it again with allow_multiple_managers. The answer is the server's sentence.
 */
export function multipleManagersRefusal(err: unknown): string | null {
  return failedWith(err, 409) && hasErrorCode(err, ERROR_CODES.multipleManagers) ? err.message : null;
}

/** Who the batch's ids are, as POST /api/users/lookup answered for the ids it was asked. */
export interface BatchLookup {
  asked: readonly number[];
  rows: readonly UserLookupRow[];
}

/** The lookup as sets: the ids asked, and the users found among them. */
export interface LookupIndex {
  asked: ReadonlySet<number>;
  users: ReadonlyMap<number, UserLookupRow>;
}

export function lookupIndex(lookup: BatchLookup | undefined): LookupIndex | undefined {
  if (!lookup) return undefined;
  return { asked: new Set(lookup.asked), users: new Map(lookup.rows.map((u) => [u.id, u])) };
}

/** The batch's ids, each once, in order: what the lookup is asked (one key per set of ids). */
export function batchIds(batch: readonly V2BatchEntry[]): number[] {
  return [...new Set(batch.flatMap((e) => [e.evaluator_id, e.evaluatee_id]))].sort((a, b) => a - b);
}

/**
 * What is wrong with one id of the batch (decision 035): it names nobody, or someone inactive.
 * Nothing while it has not been checked yet (the server checks again when the batch is saved).
 */
export function idProblem(id: number, index: LookupIndex | undefined): string | null {
  if (!index || !index.asked.has(id)) return null;
  const user = index.users.get(id);
  if (!user) return t.lookupUnknown(id);
  if (!user.status) return t.lookupInactive(id);
  return null;
}

/** The problems of one entry, one per id (a self-evaluation's id once). */
export function entryProblems(entry: V2BatchEntry, index: LookupIndex | undefined): string[] {
  return [...new Set([entry.evaluator_id, entry.evaluatee_id])]
    .map((id) => idProblem(id, index))
    .filter((p): p is string => p !== null);
}

/** How many entries have an unknown or inactive id: while any does, the batch is not saved. */
export function flaggedCount(batch: readonly V2BatchEntry[], index: LookupIndex | undefined): number {
  return batch.filter((e) => entryProblems(e, index).length > 0).length;
}

/** The batch without its entry at `index` (0-based); the others keep their order. */
export function removeEntry(batch: readonly V2BatchEntry[], index: number): V2BatchEntry[] {
  return batch.filter((_, i) => i !== index);
}

/**
 * What a saved batch reports: the spec's sentence when it created assignments, a neutral notice when
 * it created none because every pair was assigned already (not a success: nothing was added).
 */
export function insertedNotice(n: number): { tone: 'success' | 'neutral'; message: string } {
  return n > 0 ? { tone: 'success', message: t.inserted(n) } : { tone: 'neutral', message: t.noneInserted };
}
