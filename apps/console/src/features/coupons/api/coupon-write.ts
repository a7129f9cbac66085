import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** Every coupon write refreshes the coupon lists, the coupon and its audit rows. */
function useCouponMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['adminCoupon'] }), client.invalidateQueries({ queryKey: ['adminAudit'] })]),
  });
}

export const useCreateCoupon = () => useCouponMutation((input: AdminRequestOf<'adminCoupon', 'create'>) => adminCall('adminCoupon', 'create', input));
export const useUpdateCoupon = () => useCouponMutation((input: AdminRequestOf<'adminCoupon', 'update'>) => adminCall('adminCoupon', 'update', input));
export const usePauseCoupon = () => useCouponMutation((input: AdminRequestOf<'adminCoupon', 'pause'>) => adminCall('adminCoupon', 'pause', input));
export const useGenerateCodes = () => useCouponMutation((input: AdminRequestOf<'adminCoupon', 'generate_codes'>) => adminCall('adminCoupon', 'generate_codes', input));

export const useExportCodes = () =>
  useMutation({
    mutationFn: async (id: number) => {
      const result = await adminCall('adminCoupon', 'export_codes', { id });
      saveFile(result.filename, result.csv, 'text/csv;charset=utf-8');
      return result;
    },
  });
