import type { Role } from '@evalua/contracts';
import { hashPassword } from '../src/auth/passwords';
import type { UserRow } from '../src/db/schema';
import { insertUser } from '../src/modules/users/repository';
import type { TestClient } from './client';
import type { TestContext } from './context';

export const DEFAULT_PASSWORD = 'Clave-Segura-123';
let defaultHash: Promise<string> | undefined;

let seq = 0;
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}-${process.pid}-${seq}-${Math.random().toString(36).slice(2, 7)}`;
}

export interface UserOverrides {
  name?: string;
  email?: string;
  role?: Role;
  password?: string | null;
  position?: string | null;
  department?: string | null;
  category_id?: number | null;
  active?: number;
  /** 'Reporta a'. */
  manager_id?: number | null;
}

/** A user made by the factory always has an e-mail (a login). */
export type TestUser = UserRow & { email: string };

export async function createUser(ctx: TestContext, overrides: UserOverrides = {}): Promise<TestUser> {
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  let password_hash: string | null = null;
  if (password === DEFAULT_PASSWORD) password_hash = await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  else if (password !== null) password_hash = await hashPassword(password);
  const row = await insertUser(ctx.db, {
    name: overrides.name ?? 'Usuaria de Prueba',
    email: overrides.email ?? `${unique('u')}@prueba.do`,
    password_hash,
    role: overrides.role ?? 'colaborador',
    position: overrides.position ?? null,
    department: overrides.department ?? null,
    category_id: overrides.category_id ?? null,
    active: overrides.active ?? 1,
    ...(overrides.manager_id ? { manager_id: overrides.manager_id } : {}),
  });
  return row as TestUser;
}

/** A new user of `role`, logged in through the real login call. */
export async function loginAs(
  ctx: TestContext,
  role: Role,
  overrides: UserOverrides = {},
): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createUser(ctx, { role, ...overrides });
  const client = ctx.client();
  const res = await client.login(user.email, overrides.password ?? DEFAULT_PASSWORD);
  if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.statusCode} ${res.body}`);
  return { user, client };
}

export const ALL_ROLES: Role[] = ['admin', 'gestionhumana', 'evaluador', 'colaborador'];
