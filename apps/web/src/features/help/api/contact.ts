import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The contact channels the owner set in the console (public). */
export const contactQueryOptions = () =>
  queryOptions({
    queryKey: ['shopSettings', 'contact', {}],
    queryFn: ({ signal }) => call('shopSettings', 'contact', {}, { signal }),
    staleTime: 5 * 60_000,
  });

export function useContactChannels() {
  return useQuery(contactQueryOptions());
}
