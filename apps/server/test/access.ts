import type { Role } from '@evalua/contracts';
import { expect } from 'vitest';
import type { TestContext } from './context';
import { loginAs } from './factories';

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
}

/** Every call answers 401 without a session. */
export async function expectAllUnauthenticated(ctx: TestContext, calls: Call[]): Promise<void> {
  const anon = ctx.client();
  for (const c of calls) {
    const res = await anon.request(c.method, c.url, c.body);
    expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
  }
}

/** Every call answers 403 with the Spanish sentence for each of `roles`. */
export async function expectAllForbidden(ctx: TestContext, roles: Role[], calls: Call[]): Promise<void> {
  for (const role of roles) {
    const { client } = await loginAs(ctx, role);
    for (const c of calls) {
      const res = await client.request(c.method, c.url, c.body);
      expect(res.statusCode, `${role} ${c.method} ${c.url}`).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('No tienes permisos para realizar esta acción.');
    }
  }
}
