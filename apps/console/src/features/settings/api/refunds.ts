import { useQuery } from '@tanstack/react-query';
import { endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

export const refundSettingsQueryOptions = () => endpointQuery('adminSettings', 'refunds', {});

export const useRefundSettings = () => useQuery(refundSettingsQueryOptions());

/** A save answers the new version: the form keeps editing from it. */
export const useSaveRefundSettings = () =>
  useEndpointMutation('adminSettings', 'save_refunds', { invalidates: [], written: (client, saved) => client.setQueryData(refundSettingsQueryOptions().queryKey, saved) });
