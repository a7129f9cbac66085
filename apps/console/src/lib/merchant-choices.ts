import { useQuery } from '@tanstack/react-query';
import { adminCall } from './api-client';

/** Every merchant by name (issue 15), for pickers and filters: platform staff who run merchants only. */
export const useMerchantChoices = (enabled = true) =>
  useQuery({ queryKey: ['adminMerchant', 'choices'], queryFn: ({ signal }) => adminCall('adminMerchant', 'choices', {}, { signal }), staleTime: 60_000, enabled });
