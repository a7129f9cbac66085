import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const couponListQueryOptions = (input: AdminRequestOf<'adminCoupon', 'list'>) =>
  queryOptions({ queryKey: ['adminCoupon', 'list', input], queryFn: ({ signal }) => adminCall('adminCoupon', 'list', input, { signal }), placeholderData: keepPreviousData });
export const useCouponList = (input: AdminRequestOf<'adminCoupon', 'list'>) => useQuery(couponListQueryOptions(input));

export const useCouponDetail = (id: number) => useQuery({ queryKey: ['adminCoupon', 'detail', { id }], queryFn: ({ signal }) => adminCall('adminCoupon', 'detail', { id }, { signal }), enabled: id > 0 });

export const useCouponUses = (input: AdminRequestOf<'adminCoupon', 'uses'>) =>
  useQuery({ queryKey: ['adminCoupon', 'uses', input], queryFn: ({ signal }) => adminCall('adminCoupon', 'uses', input, { signal }), placeholderData: keepPreviousData });

/** The coupon's audit rows, for staff who may read the audit log. */
export const useCouponAudit = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['adminAudit', 'list', { targetType: 'coupon', targetId: String(id) }],
    queryFn: ({ signal }) => adminCall('adminAudit', 'list', { targetType: 'coupon', targetId: String(id), pageSize: 50 }, { signal }),
    enabled: enabled && id > 0,
  });
