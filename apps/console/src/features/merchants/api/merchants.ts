import type { AdminMerchant, AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const merchantListQueryOptions = (input: AdminRequestOf<'adminMerchant', 'list'>) =>
  queryOptions({ queryKey: ['adminMerchant', 'list', input], queryFn: ({ signal }) => adminCall('adminMerchant', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useMerchantList = (input: AdminRequestOf<'adminMerchant', 'list'>) => useQuery(merchantListQueryOptions(input));

/** A merchant write answers with the merchant; the lists and choices are read again. */
export function useMerchantMutation<I>(fn: (input: I) => Promise<AdminMerchant>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['adminMerchant'] });
    },
  });
}

export const createMerchant = (input: AdminRequestOf<'adminMerchant', 'create'>) => adminCall('adminMerchant', 'create', input);
export const updateMerchant = (input: AdminRequestOf<'adminMerchant', 'update'>) => adminCall('adminMerchant', 'update', input);
export const setMerchantCommission = (input: AdminRequestOf<'adminMerchant', 'set_commission'>) => adminCall('adminMerchant', 'set_commission', input);
export const stepMerchant = (input: { event: 'approve' | 'suspend' | 'reactivate'; id: number; version: number }) => adminCall('adminMerchant', input.event, { id: input.id, version: input.version });
