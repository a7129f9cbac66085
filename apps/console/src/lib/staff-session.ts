import type { Permission } from '@simshop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from './api-client';
import { readToken } from './storage';

/** The signed-in staff member (adminAuth.me); every page and the menu read their permissions here. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['adminAuth', 'me'],
    queryFn: ({ signal }) => adminCall('adminAuth', 'me', {}, { signal }),
    enabled: readToken() !== '',
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** Whether the signed-in member's role has a permission (null: any staff member). */
export function useCan(): (permission: Permission | null) => boolean {
  const me = useMe().data;
  return (permission) => permission === null || (me?.permissions.includes(permission) ?? false);
}
