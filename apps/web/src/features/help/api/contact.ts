import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** shopSettings.contact: the contact channels the owner set in the console (public). */
export const contactQueryOptions = () => queryOptions({ ...endpointQuery('shopSettings', 'contact', {}), staleTime: 5 * 60_000 });

export function useContactChannels() {
  return useQuery(contactQueryOptions());
}
