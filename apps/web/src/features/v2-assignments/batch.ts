import {
  ERROR_CODES,
  V2_ASSIGNMENT_MESSAGES as M,
  v2BatchEntrySchema,
  type Relation,
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
