import { USER_MESSAGES } from '@evalua/contracts';
import type {
  Collaborator,
  Evaluator,
  PageQuery,
  Paged,
  Role,
  collaboratorInputSchema,
  createEvaluatorSchema,
  updateEvaluatorSchema,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../auth/access';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { listOrPage } from '../../http/paging';
import { createUser, findUserById, listUsers, setUserStatus, updateUser, type UserFields } from '../users';

/**
 * Evaluadores and Colaboradores are views of the users with one role: the active ones are listed,
 * a user of another role is "not found" here, and DELETE deactivates (results are kept).
 */
type StaffRole = Extract<Role, 'evaluador' | 'colaborador'>;

const toEvaluator = (u: Evaluator): Evaluator => ({ id: u.id, name: u.name, email: u.email });

const toCollaborator = (u: Collaborator): Collaborator => ({
  id: u.id,
  name: u.name,
  position: u.position,
  department: u.department,
  email: u.email,
  category_id: u.category_id,
});

function listRole<T>(db: Kysely<Database>, role: StaffRole, query: PageQuery, to: (u: Collaborator) => T) {
  return listOrPage(query, async (slice) => {
    const bounds = slice.limit === undefined ? undefined : { limit: slice.limit, offset: slice.offset ?? 0 };
    const { rows, total } = await listUsers(db, { role, activeOnly: true, q: slice.q }, bounds);
    return { rows: rows.map(to), total };
  });
}

async function findOfRole(db: Kysely<Database>, id: number, role: StaffRole) {
  const row = await findUserById(db, id);
  if (!row || row.role !== role) throw notFound(USER_MESSAGES.notFound);
  return row;
}

/** The full field set of a user of `role`, with some fields replaced (PUT on a role view). */
async function mergedFields(
  db: Kysely<Database>,
  id: number,
  role: StaffRole,
  changes: Partial<UserFields>,
): Promise<UserFields> {
  const row = await findOfRole(db, id, role);
  return {
    name: row.name,
    email: row.email,
    role,
    position: row.position,
    department: row.department,
    category_id: row.category_id,
    ...changes,
  };
}

// Evaluadores

export function listEvaluators(
  db: Kysely<Database>,
  query: PageQuery,
): Promise<Evaluator[] | Paged<Evaluator>> {
  return listRole(db, 'evaluador', query, toEvaluator);
}

export async function getEvaluator(db: Kysely<Database>, id: number): Promise<Evaluator> {
  return toEvaluator(await findOfRole(db, id, 'evaluador'));
}

/** An evaluator logs in: the password is required when creating. */
export async function createEvaluator(
  db: Kysely<Database>,
  input: z.output<typeof createEvaluatorSchema>,
  actor: Actor,
): Promise<Evaluator> {
  const { name, email, password } = input;
  const fields = {
    name,
    email,
    role: 'evaluador' as const,
    position: null,
    department: null,
    category_id: null,
  };
  return toEvaluator(await createUser(db, fields, password, actor));
}

/** A blank password keeps the current one. */
export async function updateEvaluator(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  input: z.output<typeof updateEvaluatorSchema>,
  actor: Actor,
): Promise<Evaluator> {
  const { name, email, password } = input;
  const fields = await mergedFields(db, id, 'evaluador', { name, email });
  return toEvaluator(await updateUser(db, engine, id, fields, password, actor, ['evaluador']));
}

// Colaboradores

export function listCollaborators(
  db: Kysely<Database>,
  query: PageQuery,
): Promise<Collaborator[] | Paged<Collaborator>> {
  return listRole(db, 'colaborador', query, toCollaborator);
}

export async function getCollaborator(db: Kysely<Database>, id: number): Promise<Collaborator> {
  return toCollaborator(await findOfRole(db, id, 'colaborador'));
}

/** Created without a password: they cannot log in until one is set (Gestión de Usuarios). */
export async function createCollaborator(
  db: Kysely<Database>,
  input: z.output<typeof collaboratorInputSchema>,
  actor: Actor,
): Promise<Collaborator> {
  return toCollaborator(await createUser(db, { ...input, role: 'colaborador' }, null, actor));
}

export async function updateCollaborator(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  input: z.output<typeof collaboratorInputSchema>,
  actor: Actor,
): Promise<Collaborator> {
  const fields = await mergedFields(db, id, 'colaborador', input);
  return toCollaborator(await updateUser(db, engine, id, fields, undefined, actor, ['colaborador']));
}

/** Deactivates a user of the view's role (404 for any other). */
export async function deactivateStaff(
  db: Kysely<Database>,
  engine: Engine,
  id: number,
  role: StaffRole,
  actor: Actor,
): Promise<void> {
  await setUserStatus(db, engine, id, false, actor, [role]);
}
