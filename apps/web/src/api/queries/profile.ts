import { profileEndpoints } from '@evalua/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';

/** Mi Perfil: the user's own data (GET /api/profile). */
export const profileKeys = { all: ['profile'] as const };

export const profileQueries = {
  mine: () => queryOptions({ queryKey: profileKeys.all, queryFn: () => api.call(profileEndpoints.get) }),
};
