import type { Role } from '@evalua/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../http/errors';
import type { ActiveSession, SessionUser } from './sessions';

import type { Access } from '../http/route-access';

export type { Access };

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Read the user's whole profile with the session (GET /api/users/me: one statement). */
    sessionProfile?: boolean;
  }
}

export function accessGuard(access: Access) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (access === 'public') return;
    if (!request.session) throw unauthenticated();
    if (access === 'user') return;
    if (!access.includes(request.session.user.role)) throw forbidden();
  };
}

/** The logged-in user of a route whose access is not 'public'. */
export function currentUser(request: FastifyRequest): SessionUser {
  return currentSession(request).user;
}

export function currentSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/** Ownership rule: the user themself, or someone holding one of `roles`. */
export function assertSelfOrRoles(
  request: FastifyRequest,
  userId: number,
  roles: readonly Role[],
): SessionUser {
  const user = currentUser(request);
  if (user.id !== userId && !roles.includes(user.role)) throw forbidden();
  return user;
}

/** Who did it, for the audit log. */
export interface Actor {
  userId: number;
  role: Role;
  ip: string;
}

export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { userId: user.id, role: user.role, ip: request.ip };
}
