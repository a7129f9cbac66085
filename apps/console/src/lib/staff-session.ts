import type { Permission } from '@simshop/contract';
import type { ConsoleRoute } from './console-module';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from './endpoint-query';
import { readSignedIn } from './storage';

/** The signed-in staff member (adminAuth.me); every page and the menu read their permissions here. */
export const meQueryOptions = () =>
  queryOptions({
    ...endpointQuery('adminAuth', 'me', {}),
    enabled: readSignedIn(),
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

/** Whether the signed-in member may open a route: the role's permission, and for a merchant's staff only the routes made for them. */
export function useRouteAllowed(): (route: Pick<ConsoleRoute, 'permission' | 'merchants'>) => boolean {
  const me = useMe().data;
  const can = useCan();
  return (route) => can(route.permission) && (me?.merchantId == null || route.merchants === true);
}
