import { sha256 } from '../../src/auth/tokens';
import { nowIso } from '../../src/time';
import type { TestContext } from '../context';
import { unique } from '../factories';

/**
 * Rows the cases (src/modules/<m>/<m>.cases.ts) write or read straight in the database, to set a
 * call up or to name what it made. Here, not in the cases files: SQL stays out of src/modules but
 * for repositories (eslint).
 */

export async function insertCategory(t: TestContext, name = unique('Categoría')) {
  return t.db
    .insertInto('categories')
    .values({ name, name_key: name.toLowerCase() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function insertBank(t: TestContext) {
  return t.db
    .insertInto('question_banks')
    .values({ name: unique('Banco'), description: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function insertQuestion(t: TestContext, bankId: number, text = unique('Pregunta')) {
  return t.db
    .insertInto('questions')
    .values({ bank_id: bankId, question_text: text, question_type: 'competency', created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A valid access or reset link of `userId` (one minute left): the token to send. */
export async function insertUserToken(
  t: TestContext,
  userId: number,
  purpose: 'reset' | 'access',
): Promise<string> {
  const token = unique('enlace');
  await t.db
    .insertInto('user_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      created_at: new Date().toISOString(),
    })
    .execute();
  return token;
}

/** The oldest 360 template. */
export async function firstTemplateId(t: TestContext): Promise<number> {
  const row = await t.db.selectFrom('v2_templates').select('id').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A message of the outbox marked as failed (to be resent). */
export async function markOutboxFailed(t: TestContext, id: number): Promise<void> {
  await t.db.updateTable('outbox').set({ status: 'fallido' }).where('id', '=', id).execute();
}

/** Makes `managerId` the one `userId` reports to. */
export async function setManager(t: TestContext, userId: number, managerId: number): Promise<void> {
  await t.db.updateTable('users').set({ manager_id: managerId }).where('id', '=', userId).execute();
}

/** The id of a user by e-mail address. */
export async function userIdByEmail(t: TestContext, email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The (first) assignment of a 360 evaluation. */
export async function firstV2AssignmentId(t: TestContext, evaluationId: number): Promise<number> {
  const row = await t.db
    .selectFrom('v2_assignments')
    .select('id')
    .where('evaluation_id', '=', evaluationId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The (first) item of a 360 evaluation. */
export async function firstV2ItemId(t: TestContext, evaluationId: number): Promise<number> {
  const row = await t.db
    .selectFrom('v2_items')
    .select('id')
    .where('evaluation_id', '=', evaluationId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Forgets the manual reminders of an evaluation (V1 or 360): its cooldown is over. */
export async function clearReminders(t: TestContext, kind: 'v1' | 'v2', evaluationId: number): Promise<void> {
  await t.db
    .deleteFrom('manual_reminders')
    .where('kind', '=', kind)
    .where('evaluation_id', '=', evaluationId)
    .execute();
}

/** A draft nomination of `evaluateeId` in a 360 evaluation. */
export async function insertNomination(
  t: TestContext,
  evaluationId: number,
  evaluateeId: number,
): Promise<void> {
  const now = nowIso();
  await t.db
    .insertInto('v2_nominations')
    .values({ evaluation_id: evaluationId, evaluatee_id: evaluateeId, created_at: now, updated_at: now })
    .execute();
}
