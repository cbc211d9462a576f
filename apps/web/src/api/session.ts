import type { LoginRequest, Me, PublicUser } from '@evalua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, resetCsrfToken } from './client';

export const meQueryKey = ['me'] as const;

/** The logged-in user, or null when there is no session. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/users/me', { quietUnauthorized: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}

export async function login(body: LoginRequest): Promise<PublicUser> {
  const res = await api.post<{ user: PublicUser }>('/api/users/login', body);
  resetCsrfToken();
  return res.user;
}

export async function logout(path: '/api/logout' | '/api/users/logout' = '/api/logout'): Promise<void> {
  try {
    await api.post(path);
  } finally {
    resetCsrfToken();
  }
}

/** Where a user starts: admin and HR on the dashboard, everyone else at home. */
export function startPathFor(role: PublicUser['role'] | undefined): string {
  if (!role) return '/login';
  return role === 'admin' || role === 'gestionhumana' ? '/dashboard' : '/home';
}
