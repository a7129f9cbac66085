import type { AdminRequestOf } from '@simshop/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const contactSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['adminSettings', 'contact', {}],
    queryFn: ({ signal }) => adminCall('adminSettings', 'contact', {}, { signal }),
  });

export const useContactSettings = () => useQuery(contactSettingsQueryOptions());

/** A save answers the new version: the form keeps editing from it. */
export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminSettings', 'save_contact'>) => adminCall('adminSettings', 'save_contact', input),
    onSuccess: (saved) => client.setQueryData(contactSettingsQueryOptions().queryKey, saved),
  });
}
