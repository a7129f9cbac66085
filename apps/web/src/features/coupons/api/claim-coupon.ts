import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** coupon.claim: claims a coupon; my coupons, the claim lists and the checkout's price preview read again. */
export const useClaimCoupon = () => useEndpointMutation('coupon', 'claim', { invalidates: [endpointKey('coupon'), endpointKey('order', 'preview')] });
