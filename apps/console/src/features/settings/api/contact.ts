import { useQuery } from '@tanstack/react-query';
import { endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

export const contactSettingsQueryOptions = () => endpointQuery('adminSettings', 'contact', {});

export const useContactSettings = () => useQuery(contactSettingsQueryOptions());

/** A save answers the new version: the form keeps editing from it. */
export const useSaveContact = () =>
  useEndpointMutation('adminSettings', 'save_contact', { invalidates: [], written: (client, saved) => client.setQueryData(contactSettingsQueryOptions().queryKey, saved) });
