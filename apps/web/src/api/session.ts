import { authEndpoints, type LoginRequest, type Me, type PublicUser } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, resetCsrfToken } from './client';
import { failedWith } from './errors';

export const meQueryKey = ['me'] as const;

/** The logged-in user, or null when there is no session. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api.call(authEndpoints.me, undefined, { quietUnauthorized: true });
  } catch (err) {
    if (failedWith(err, 401)) return null;
    throw err;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}

export async function login(body: LoginRequest): Promise<PublicUser> {
  const res = await api.call(authEndpoints.login, { body });
  resetCsrfToken();
  return res.user;
}

/** Ends the session; '/api/users/logout' is the same call at the first version's address. */
export async function logout(path: '/api/logout' | '/api/users/logout' = '/api/logout'): Promise<void> {
  try {
    await api.call(path === '/api/users/logout' ? authEndpoints.usersLogout : authEndpoints.logout);
  } finally {
    resetCsrfToken();
  }
}

/** Where a user starts: admin and HR on the dashboard, everyone else at home. */
export function startPathFor(role: PublicUser['role'] | undefined): string {
  if (!role) return '/login';
  return role === 'admin' || role === 'gestionhumana' ? '/dashboard' : '/home';
}
