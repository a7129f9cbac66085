import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { call } from '@/lib/api-client';

// Coupons (issue 13): shared by my coupons, the claim strips on home and goods, and checkout.

export type CouponTab = 'usable' | 'used' | 'expired';

/** The caller's claimed coupons on one tab. */
export const myCouponsQueryOptions = (body: { tab: CouponTab; i18n: Language }) =>
  queryOptions({
    queryKey: ['coupon', 'mine', body],
    queryFn: ({ signal }) => call('coupon', 'mine', body, { signal }),
  });

export function useMyCoupons(body: { tab: CouponTab; i18n: Language }) {
  return useQuery(myCouponsQueryOptions(body));
}

/** Coupons open for claiming (for one product when given), with the caller's state. */
export const claimableCouponsQueryOptions = (body: { i18n: Language; productId?: number }, signedIn: boolean) =>
  queryOptions({
    // Signed in or not changes the states the server answers with.
    queryKey: ['coupon', 'claimable', body, signedIn],
    queryFn: ({ signal }) => call('coupon', 'claimable', body, { signal, silent: true }),
    staleTime: 60_000,
  });

export function useClaimableCoupons(body: { i18n: Language; productId?: number }, signedIn: boolean) {
  return useQuery(claimableCouponsQueryOptions(body, signedIn));
}

/** Claims a coupon; my coupons, the claim lists and the checkout's picker read again. */
export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { couponId: number; i18n: Language }) => call('coupon', 'claim', body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['coupon'] }), queryClient.invalidateQueries({ queryKey: ['order-preview'] })]),
  });
}
