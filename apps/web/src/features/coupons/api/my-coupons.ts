import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/** coupon.mine: the caller's claimed coupons on one tab (the my coupons page). */
export const myCouponsQuery = (body: { tab: CouponTab; i18n: Language }) => endpointQuery('coupon', 'mine', body);
export const useMyCoupons = (body: { tab: CouponTab; i18n: Language }) => useQuery(myCouponsQuery(body));

/** The tabs of my coupons. */
export type CouponTab = 'usable' | 'used' | 'expired';
