import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery, endpointQuery } from '@/lib/endpoint-query';

export const couponListQueryOptions = (input: AdminRequestOf<'adminCoupon', 'list'>) => endpointListQuery('adminCoupon', 'list', input);
export const useCouponList = (input: AdminRequestOf<'adminCoupon', 'list'>) => useQuery(couponListQueryOptions(input));

export const useCouponDetail = (id: number) => useQuery({ ...endpointQuery('adminCoupon', 'detail', { id }), enabled: id > 0 });

export const useCouponUses = (input: AdminRequestOf<'adminCoupon', 'uses'>) => useQuery(endpointListQuery('adminCoupon', 'uses', input));

/** The products a coupon may be limited to (the first hundred), while its form is open. */
export const useCouponProducts = (enabled: boolean) => useQuery({ ...endpointQuery('adminProduct', 'list', { pageSize: 100 }), enabled });

/** The coupon's audit rows, for staff who may read the audit log. */
export const useCouponAudit = (id: number, enabled: boolean) =>
  useQuery({ ...endpointQuery('adminAudit', 'list', { targetType: 'coupon', targetId: String(id), pageSize: 50 }), enabled: enabled && id > 0 });
