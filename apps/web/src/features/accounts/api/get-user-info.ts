import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';
import { updateStoredUser } from '@/lib/session';
import { userEndpoint } from './user-endpoint';

/** user.info (resellerUser.info for a reseller): the signed-in account; the stored copy follows it. */
export const userInfoQuery = () => {
  const endpoint = userEndpoint();
  return queryOptions({
    queryKey: endpointKey(endpoint, 'info', {}),
    queryFn: async ({ signal }) => {
      const info = await call(endpoint, 'info', {}, { signal });
      updateStoredUser(info);
      return info;
    },
  });
};

export const useUserInfo = () => useQuery(userInfoQuery());
