import type { Role } from '@evalua/contracts';

/**
 * Who may call a route. Every /api route declares one in `config.access`; the app refuses to start
 * when a route does not, so no route can be left open by accident.
 * - 'public': anyone, with or without a session;
 * - 'user': any logged-in user;
 * - a list of roles: logged-in users with one of them.
 *
 * A route's config is HTTP, so the type lives in http/; auth/ enforces it (access.ts).
 */
export type Access = 'public' | 'user' | readonly Role[];
