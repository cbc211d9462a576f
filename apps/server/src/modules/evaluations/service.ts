import {
  ERROR_CODES,
  EVALUATION_MESSAGES,
  moveOpenMessage,
  needsAssignmentsMessage,
  openInCategoryMessage,
  v1EvaluationAllows,
  type Evaluation,
  type V1EvaluationStatus,
  type V1Pending,
  type V1ReleaseMode,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, inUse, notFound } from '../../http/errors';
import { audit } from '../audit';
import { bankAsksSomething } from '../question-banks';
import {
  bankExists,
  categoryExists,
  deleteEvaluationRow,
  evaluatorHasCategory,
  findEvaluation,
  findEvaluationForCategory,
  insertEvaluation,
  listEvaluations,
  lockCategory,
  lockEvaluation,
  opensWhenReady,
  resultsForEvaluation,
  roundHasPairs,
  roundPairs,
  setEvaluationStatus,
  updateEvaluationRow,
} from './repository';

export interface EvaluationFields {
  name: string;
  period?: string | undefined;
  weight_objectives: number;
  weight_competencies: number;
  category_id: number;
  question_bank_id?: number | null | undefined;
  /** YYYY-MM-DD or null; undefined (absent from an update): kept (decision 033). */
  due_date?: string | null | undefined;
  /** Absent: 'al_enviar' on create (SPEC.md's behaviour), kept on update (decision 050). */
  release_mode?: V1ReleaseMode | undefined;
}

/** How a new evaluation starts, and whether the category's open one may be closed for it. */
export interface CreateChoice {
  status?: 'borrador' | 'abierta' | undefined;
  replace_open?: boolean | undefined;
}

export function listAllEvaluations(db: Kysely<Database>): Promise<Evaluation[]> {
  return listEvaluations(db);
}

export async function getEvaluation(db: Kysely<Database>, id: number): Promise<Evaluation> {
  const evaluation = await findEvaluation(db, id);
  if (!evaluation) throw notFound(EVALUATION_MESSAGES.notFound);
  return evaluation;
}

/**
 * The evaluation a category is evaluated with. An evaluator reads it only for the category of
 * someone assigned to them (403 otherwise); admin and HR read any.
 */
export async function getEvaluationForCategory(
  db: Kysely<Database>,
  categoryId: number,
  reader: Actor,
): Promise<Evaluation> {
  if (reader.role === 'evaluador' && !(await evaluatorHasCategory(db, reader.userId, categoryId)))
    throw forbidden();
  const evaluation = await findEvaluationForCategory(db, categoryId);
  if (!evaluation) throw notFound(EVALUATION_MESSAGES.noneForCategory);
  return evaluation;
}

async function checkReferences(db: Kysely<Database>, f: EvaluationFields): Promise<void> {
  if (!(await categoryExists(db, f.category_id)))
    throw badRequest(EVALUATION_MESSAGES.categoryMissing, 'body.category_id');
  if (f.question_bank_id != null && !(await bankExists(db, f.question_bank_id)))
    throw badRequest(EVALUATION_MESSAGES.bankMissing, 'body.question_bank_id');
}

export function currentYear(now = new Date()): string {
  return String(now.getFullYear());
}

/** Whether the bank exists and asks at least one question (an evaluation may open only then). */
async function bankIsReady(db: Kysely<Database>, engine: Engine, bankId: number | null): Promise<boolean> {
  return bankId !== null && bankAsksSomething(db, engine, bankId);
}

/**
 * Makes `evaluation` the open one of its category. Its bank must ask a question; a person's open
 * (`byPerson`: /open, or a create with status 'abierta') also needs someone to answer it (issue 30,
 * decision 053); an open evaluation of the category is closed only when `replaceOpen` (the person
 * confirmed), else 409 with a sentence naming it. Two opens at once: the unique index lets one win,
 * the other answers the same 409.
 */
async function openIn(
  trx: Kysely<Database>,
  engine: Engine,
  evaluation: Pick<Evaluation, 'id' | 'category_id' | 'category_name' | 'question_bank_id'>,
  opening: { replaceOpen: boolean; byPerson: boolean },
  actor: Actor,
): Promise<void> {
  if (!(await bankIsReady(trx, engine, evaluation.question_bank_id)))
    throw conflict(EVALUATION_MESSAGES.needsQuestions, ERROR_CODES.evaluationNeedsItems);
  if (opening.byPerson && !(await roundHasPairs(trx, evaluation.id)))
    throw conflict(needsAssignmentsMessage(evaluation.category_name), ERROR_CODES.evaluationNeedsAssignments);
  await lockCategory(trx, engine, evaluation.category_id);
  const open = await findEvaluationForCategory(trx, evaluation.category_id);
  if (open && open.id !== evaluation.id) {
    if (!opening.replaceOpen)
      throw conflict(
        openInCategoryMessage(evaluation.category_name, open.name),
        ERROR_CODES.evaluationOpenInCategory,
      );
    await setEvaluationStatus(trx, open.id, 'cerrada');
    await auditStatus(trx, open, 'cerrada', actor);
  }
  await setEvaluationStatus(trx, evaluation.id, 'abierta');
}

/**
 * Opens a ready evaluation when its category has no open one, else leaves it a draft (decision 039):
 * what an evaluation created without a status does on its create and on the PUT that makes it ready.
 * The category's row is locked first, so of two at once the second sees the first open and stays a
 * draft (no 409: the client never asked to open). The caller has checked that the bank asks something.
 */
async function openIfCategoryFree(
  trx: Kysely<Database>,
  engine: Engine,
  evaluation: Pick<Evaluation, 'id' | 'category_id'>,
): Promise<boolean> {
  await lockCategory(trx, engine, evaluation.category_id);
  if (await findEvaluationForCategory(trx, evaluation.category_id)) return false;
  await setEvaluationStatus(trx, evaluation.id, 'abierta');
  return true;
}

function auditStatus(
  trx: Kysely<Database>,
  before: Evaluation,
  status: V1EvaluationStatus,
  actor: Actor,
): Promise<void> {
  return audit(trx, {
    userId: actor.userId,
    action: 'update',
    entity: 'evaluation',
    entityId: before.id,
    before: { status: before.status },
    after: { status },
    ip: actor.ip,
  });
}

/** A lost race for the category's one open slot answers like the refusal it raced with. */
async function openingRace<T>(
  db: Kysely<Database>,
  categoryId: number,
  work: () => Promise<T>,
  message: (categoryName: string, openName: string) => string = openInCategoryMessage,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const open = await findEvaluationForCategory(db, categoryId);
    throw conflict(
      open ? message(open.category_name, open.name) : EVALUATION_MESSAGES.openedMeanwhile,
      ERROR_CODES.evaluationOpenInCategory,
    );
  }
}

/**
 * Creates an evaluation (decisions 026, 039): `status` 'borrador' → a draft; 'abierta' → open (409
 * when it cannot). No `status` (SPEC.md's body): open when its bank asks a question and its category
 * has no open evaluation (or `replace_open`); otherwise a draft that remembers it should open once it
 * is ready (`opens_when_ready`), which a later PUT does.
 */
export async function createEvaluation(
  db: Kysely<Database>,
  engine: Engine,
  f: EvaluationFields & CreateChoice,
  actor: Actor,
): Promise<Evaluation> {
  return openingRace(db, f.category_id, () =>
    db.transaction().execute(async (trx) => {
      await checkReferences(trx, f);
      const id = await insertEvaluation(trx, {
        name: f.name,
        period: f.period || currentYear(),
        weight_objectives: f.weight_objectives,
        weight_competencies: f.weight_competencies,
        category_id: f.category_id,
        question_bank_id: f.question_bank_id ?? null,
        due_date: f.due_date ?? null,
        release_mode: f.release_mode ?? 'al_enviar',
        status: 'borrador',
        opens_when_ready: f.status === undefined ? 1 : 0,
      });
      const draft = await findEvaluation(trx, id);
      if (!draft) throw notFound(EVALUATION_MESSAGES.notFound);
      if (f.status === 'abierta')
        await openIn(trx, engine, draft, { replaceOpen: f.replace_open === true, byPerson: true }, actor);
      else if (f.status === undefined && (await bankIsReady(trx, engine, draft.question_bank_id))) {
        if (f.replace_open === true)
          await openIn(trx, engine, draft, { replaceOpen: true, byPerson: false }, actor);
        else await openIfCategoryFree(trx, engine, draft);
      }
      const created = await findEvaluation(trx, id);
      if (!created) throw notFound(EVALUATION_MESSAGES.notFound);
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'evaluation',
        entityId: id,
        after: created,
        ip: actor.ip,
      });
      return created;
    }),
  );
}

/** Opens a draft or closed evaluation; already open: answered as it is. */
export async function openEvaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  replaceOpen: boolean,
  actor: Actor,
): Promise<Evaluation> {
  const found = await findEvaluation(db, id);
  if (!found) throw notFound(EVALUATION_MESSAGES.notFound);
  return openingRace(db, found.category_id, () =>
    db.transaction().execute(async (trx) => {
      const before = await lockEvaluation(trx, engine, id, 'update');
      if (!before) throw notFound(EVALUATION_MESSAGES.notFound);
      // Already open: answered as it is.
      if (!v1EvaluationAllows(before.status).open) return before;
      await openIn(trx, engine, before, { replaceOpen, byPerson: true }, actor);
      await auditStatus(trx, before, 'abierta', actor);
      return (await findEvaluation(trx, id)) ?? before;
    }),
  );
}

/** Closes an open evaluation: it stops taking submissions; its results stay. Closed: as it is. */
export async function closeEvaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  actor: Actor,
): Promise<Evaluation> {
  return db.transaction().execute(async (trx) => {
    const before = await lockEvaluation(trx, engine, id, 'update');
    if (!before) throw notFound(EVALUATION_MESSAGES.notFound);
    if (before.status === 'cerrada') return before;
    if (!v1EvaluationAllows(before.status).close)
      throw conflict(EVALUATION_MESSAGES.onlyOpenCloses, ERROR_CODES.evaluationNotOpen);
    await setEvaluationStatus(trx, id, 'cerrada');
    await auditStatus(trx, before, 'cerrada', actor);
    return { ...before, status: 'cerrada' };
  });
}

export async function updateEvaluation(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  f: EvaluationFields,
  actor: Actor,
): Promise<Evaluation> {
  // Moving an open evaluation to a category that has one open loses at the unique index: 409.
  return openingRace(
    db,
    f.category_id,
    () =>
      db.transaction().execute(async (trx) => {
        // Locked (PostgreSQL): a submission or an open waits, so the checks below see the final state.
        const before = await lockEvaluation(trx, engine, id, 'update');
        if (!before) throw notFound(EVALUATION_MESSAGES.notFound);
        await checkReferences(trx, f);
        // Stored results were scored with these weights and this bank: changing them would make the
        // reports disagree with the results already given. The name and period may still change.
        const reshapes =
          f.weight_objectives !== before.weight_objectives ||
          f.weight_competencies !== before.weight_competencies ||
          f.category_id !== before.category_id ||
          (f.question_bank_id !== undefined && (f.question_bank_id ?? null) !== before.question_bank_id) ||
          (f.release_mode !== undefined && f.release_mode !== before.release_mode);
        if (reshapes && (await resultsForEvaluation(trx, id)) > 0)
          throw inUse(EVALUATION_MESSAGES.lockedByResults);
        // An open evaluation keeps a bank that asks something: its form must never come up empty.
        const bankAfter = f.question_bank_id === undefined ? before.question_bank_id : f.question_bank_id;
        if (before.status === 'abierta' && f.category_id !== before.category_id) {
          await lockCategory(trx, engine, f.category_id);
          const open = await findEvaluationForCategory(trx, f.category_id);
          if (open)
            throw conflict(
              moveOpenMessage(open.category_name, open.name),
              ERROR_CODES.evaluationOpenInCategory,
            );
        }
        if (v1EvaluationAllows(before.status).answer && !(await bankIsReady(trx, engine, bankAfter ?? null)))
          throw conflict(EVALUATION_MESSAGES.needsQuestions, ERROR_CODES.evaluationNeedsItems);
        await updateEvaluationRow(trx, id, {
          name: f.name,
          period: f.period || before.period,
          weight_objectives: f.weight_objectives,
          weight_competencies: f.weight_competencies,
          category_id: f.category_id,
          ...(f.question_bank_id !== undefined ? { question_bank_id: f.question_bank_id } : {}),
          ...(f.due_date !== undefined ? { due_date: f.due_date } : {}),
          ...(f.release_mode !== undefined ? { release_mode: f.release_mode } : {}),
        });
        // Created without a status and still waiting (decision 039): the PUT that makes it ready opens
        // it when its category has no open evaluation; otherwise it stays a draft and keeps waiting.
        if (
          before.status === 'borrador' &&
          (await opensWhenReady(trx, id)) &&
          (await bankIsReady(trx, engine, bankAfter ?? null))
        )
          await openIfCategoryFree(trx, engine, { id, category_id: f.category_id });
        const after = await findEvaluation(trx, id);
        if (!after) throw notFound(EVALUATION_MESSAGES.notFound);
        await audit(trx, {
          userId: actor.userId,
          action: 'update',
          entity: 'evaluation',
          entityId: id,
          before,
          after,
          ip: actor.ip,
        });
        return after;
      }),
    moveOpenMessage,
  );
}

/** What closing would leave unanswered (the close dialog's figures, issue 30 §3). */
export async function pendingOfEvaluation(db: Kysely<Database>, id: number): Promise<V1Pending> {
  await getEvaluation(db, id);
  return { evaluation_id: id, ...(await roundPairs(db, id)) };
}

export async function deleteEvaluation(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findEvaluation(trx, id);
      if (!before) throw notFound(EVALUATION_MESSAGES.notFound);
      if ((await resultsForEvaluation(trx, id)) > 0) throw inUse(EVALUATION_MESSAGES.hasResults);
      await deleteEvaluationRow(trx, id);
      await audit(trx, {
        userId: actor.userId,
        action: 'delete',
        entity: 'evaluation',
        entityId: id,
        before,
        ip: actor.ip,
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUse(EVALUATION_MESSAGES.hasResults);
    throw err;
  }
}
