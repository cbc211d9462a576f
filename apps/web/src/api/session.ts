import type { authEndpoints, LoginRequest, Me, PublicUser } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, resetCsrfToken, shellEndpoint } from './client';

export const meQueryKey = ['me'] as const;

/**
 * The session's calls run before any screen, in the entry: they name their endpoints by method and
 * path, checked against the contract's types, so the first screen loads no zod (decision 024).
 */
const calls = {
  session: shellEndpoint<typeof authEndpoints.session>({ method: 'GET', path: '/api/session' }),
  login: shellEndpoint<typeof authEndpoints.login>({ method: 'POST', path: '/api/users/login' }),
  logout: shellEndpoint<typeof authEndpoints.logout>({ method: 'POST', path: '/api/logout' }),
  usersLogout: shellEndpoint<typeof authEndpoints.usersLogout>({ method: 'POST', path: '/api/users/logout' }),
};

/**
 * The logged-in user, or null when there is no session: GET /api/session answers 200 either way, so
 * the browser's console shows no 401 for the normal "not signed in yet" (issue 30 §4).
 */
export async function fetchMe(): Promise<Me | null> {
  return (await api.call(calls.session)).me;
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}

export async function login(body: LoginRequest): Promise<PublicUser> {
  const res = await api.call(calls.login, { body });
  resetCsrfToken();
  return res.user;
}

/** Ends the session; '/api/users/logout' is the same call at the first version's address. */
export async function logout(path: '/api/logout' | '/api/users/logout' = '/api/logout'): Promise<void> {
  try {
    await api.call(path === '/api/users/logout' ? calls.usersLogout : calls.logout);
  } finally {
    resetCsrfToken();
  }
}

/**
 * Where a sign-in lands (SPEC §2: after login admin goes to /dashboard, everyone else to /home):
 * the login form and an access link (/activar) alike.
 */
export function afterSignInPath(role: PublicUser['role']): string {
  return role === 'admin' ? '/dashboard' : '/home';
}

/** Where a user starts: admin and HR on the dashboard, everyone else at home. */
export function startPathFor(role: PublicUser['role'] | undefined): string {
  if (!role) return '/login';
  return role === 'admin' || role === 'gestionhumana' ? '/dashboard' : '/home';
}
