import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointListQuery, useEndpointMutation } from '@/lib/endpoint-query';

export const merchantListQueryOptions = (input: AdminRequestOf<'adminMerchant', 'list'>) => endpointListQuery('adminMerchant', 'list', input);

export const useMerchantList = (input: AdminRequestOf<'adminMerchant', 'list'>) => useQuery(merchantListQueryOptions(input));

/** A merchant write answers with the merchant; the lists and choices are read again. */
const MERCHANT_WRITE = { invalidates: [endpointKey('adminMerchant')] };

export const useCreateMerchant = () => useEndpointMutation('adminMerchant', 'create', MERCHANT_WRITE);
export const useUpdateMerchant = () => useEndpointMutation('adminMerchant', 'update', MERCHANT_WRITE);
export const useSetMerchantCommission = () => useEndpointMutation('adminMerchant', 'set_commission', MERCHANT_WRITE);

/** A merchant's life-cycle steps, one write each, by the event's name. */
export function useMerchantSteps() {
  return {
    approve: useEndpointMutation('adminMerchant', 'approve', MERCHANT_WRITE),
    suspend: useEndpointMutation('adminMerchant', 'suspend', MERCHANT_WRITE),
    reactivate: useEndpointMutation('adminMerchant', 'reactivate', MERCHANT_WRITE),
  };
}
