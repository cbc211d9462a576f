import { v2TemplateEndpoints } from '@evalua/contracts';
import { enqueueMail, mailSettings } from '../../src/modules/mail';
import { nowIso } from '../../src/time';
import { createUser, unique } from '../factories';
import { assign } from '../v1';
import { urlOf } from '../cases';
import { createV2Draft } from '../v2';
import { bulkAssign, v2AssignmentId, type Fixtures } from './fixtures';
import type { Caller, CaseName } from './matrix';
import { insertBank, insertCategory, insertQuestion } from './records';

/**
 * What the authorization cases (src/modules/<m>/<m>.cases.ts) build their requests with: ids by case,
 * and records made for one request (a throwaway category, user, draft…), so that the walk never
 * changes what later requests read.
 */

/** The caller's user id (anonymous callers have none: they get someone else's). */
export function me(f: Fixtures, caller: Caller): number {
  return caller === 'anonymous' ? f.stranger.id : f.users[caller].id;
}

/** A V1 user id by case: own, the evaluador's colaborador, or a colaborador of someone else. */
export function userIdFor(f: Fixtures, caller: Caller, c: CaseName): number {
  if (c === 'own') return me(f, caller);
  if (c === 'assigned') return f.users.colaborador.id;
  return f.otherCollaborator.id;
}

/** Only the colaborador caller has a V1 result of their own: the others' own id answers 404. */
export function neverEvaluated(caller: Caller, c: CaseName): { status?: number } {
  return c === 'own' && caller !== 'colaborador' ? { status: 404 } : {};
}

export function evaluatorIdFor(f: Fixtures, caller: Caller, c: CaseName): number {
  return c === 'own' ? me(f, caller) : f.otherEvaluator.id;
}

export const email = () => `${unique('authz')}@prueba.do`;

export const newCategory = async (f: Fixtures) => (await insertCategory(f.t)).id;
export const newBank = async (f: Fixtures) => (await insertBank(f.t)).id;
export const newQuestion = async (f: Fixtures, bankId: number) => (await insertQuestion(f.t, bankId)).id;

export async function newAssignment(
  f: Fixtures,
): Promise<{ evaluatorId: number; collaboratorId: number; id: number }> {
  const evaluator = await createUser(f.t, { role: 'evaluador', password: null });
  const collaborator = await createUser(f.t, { category_id: f.v1.categoryId, password: null });
  await assign(f.t, evaluator.id, collaborator.id);
  const row = await f.t.db
    .selectFrom('assignments')
    .select('id')
    .where('evaluator_id', '=', evaluator.id)
    .where('collaborator_id', '=', collaborator.id)
    .executeTakeFirstOrThrow();
  return { evaluatorId: evaluator.id, collaboratorId: collaborator.id, id: row.id };
}

export const newDraft = async (f: Fixtures) =>
  (await createV2Draft(f.clients.admin, { allow_self: true })).id;

/** A draft with nominations enabled (1 to 3 nominees). */
export async function nominationsDraft(f: Fixtures): Promise<number> {
  const id = await newDraft(f);
  await f.t.db
    .updateTable('v2_evaluations')
    .set({ nominations_enabled: 1, nominations_min: 1, nominations_max: 3 })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * A nomination (with one peer nominee) by case: the caller's own, that of someone reporting to the
 * caller ('assigned'), or that of someone unrelated ('other').
 */
export async function nominationFor(
  f: Fixtures,
  caller: Caller,
  c: CaseName,
  status: 'borrador' | 'enviada',
): Promise<number> {
  const evaluationId = await nominationsDraft(f);
  let evaluateeId = me(f, caller);
  if (c !== 'own' || caller === 'anonymous') {
    const person = await createUser(f.t, { password: null });
    if (c === 'assigned' && caller !== 'anonymous') {
      await f.t.db
        .updateTable('users')
        .set({ manager_id: me(f, caller) })
        .where('id', '=', person.id)
        .execute();
    }
    evaluateeId = person.id;
  }
  const now = nowIso();
  const row = await f.t.db
    .insertInto('v2_nominations')
    .values({
      evaluation_id: evaluationId,
      evaluatee_id: evaluateeId,
      status,
      submitted_at: status === 'enviada' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await f.t.db
    .insertInto('v2_nominees')
    .values({ nomination_id: row.id, nominee_id: f.peer.id, relation: 'peer' })
    .execute();
  return row.id;
}

export async function newTemplate(f: Fixtures): Promise<number> {
  const res = await f.clients.admin.post(urlOf(v2TemplateEndpoints.create), {
    evaluation_id: f.closed.id,
    name: unique('Plantilla'),
  });
  if (res.statusCode !== 201) throw new Error(`template failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

export const userBody = (role: 'colaborador' | 'admin', mail: string | null = email()) => ({
  name: 'Persona de Prueba',
  email: mail,
  role,
  position: null,
  department: null,
  category_id: null,
});

/** A one-row staff import that creates a new colaborador. */
export const importBody = () => ({ csv: `nombre;correo;rol\nPersona Importada;${email()};colaborador\n` });

export const evaluationBody = (categoryId: number, bankId: number) => ({
  name: unique('Evaluación'),
  period: '2026',
  weight_objectives: 40,
  weight_competencies: 60,
  category_id: categoryId,
  question_bank_id: bankId,
});

export const collaboratorBody = (f: Fixtures) => ({
  name: 'Colaboradora Nueva',
  position: 'Docente',
  department: 'Ciencias',
  email: null,
  category_id: f.v1.categoryId,
});

/** A new message in the outbox, for the Correos routes. */
export async function outboxMessage(f: Fixtures): Promise<number> {
  const [id] = await enqueueMail(f.t.db, mailSettings(f.t.config), {
    kind: 'reminder',
    to: { email: email(), name: null, userId: null },
    content: { subject: 'Matriz', greeting: 'Hola:', paragraphs: [] },
  });
  return id!;
}

/** A new pending assignment of `evaluatorId` in the open 360 (to a new evaluatee): its id. */
export async function freshV2Assignment(f: Fixtures, evaluatorId: number): Promise<number> {
  const evaluatee = await createUser(f.t, { password: null });
  await bulkAssign(f.clients.admin, f.open.id, [
    { evaluator_id: evaluatorId, evaluatee_id: evaluatee.id, relation: 'peer' },
  ]);
  return v2AssignmentId(f.t, f.open.id, evaluatorId, evaluatee.id);
}

/** own: the caller's results in the closed 360; ownWhileOpen: in the open one; other: a stranger's. */
export function v2ResultsParams(f: Fixtures, caller: Caller, c: CaseName): { id: number; userId: number } {
  if (c === 'own') return { id: f.closed.id, userId: me(f, caller) };
  if (c === 'ownWhileOpen') return { id: f.open.id, userId: me(f, caller) };
  return { id: f.closed.id, userId: f.stranger.id };
}
