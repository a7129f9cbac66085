import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { updateStoredUser } from '@/lib/session';
import { userEndpoint } from './user-endpoint';

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'info', userEndpoint()],
    queryFn: async ({ signal }) => {
      const info = await call(userEndpoint(), 'info', {}, { signal });
      updateStoredUser(info);
      return info;
    },
  });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
