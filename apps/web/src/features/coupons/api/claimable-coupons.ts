import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';
import { seedFromFirstAnswer } from '@/lib/first-answers';

/** coupon.claimable: coupons open for claiming (for one product when given), with the caller's state. */
export const claimableCouponsQuery = (body: { i18n: Language; productId?: number }, signedIn: boolean) =>
  queryOptions({
    // Signed in or not changes the states the server answers with, though it is not in the body.
    queryKey: [...endpointKey('coupon', 'claimable', body), { signedIn }],
    queryFn: ({ signal }) => call('coupon', 'claimable', body, { signal, silent: true }),
    staleTime: 60_000,
  });
export const useClaimableCoupons = (body: { i18n: Language; productId?: number }, signedIn: boolean) => useQuery(claimableCouponsQuery(body, signedIn));

/** The coupons a goods page's HTML came with (lib/first-answers.ts: a signed-out customer's states), put where the page's query finds them. */
export function seedClaimableCoupons(client: QueryClient, body: { i18n: Language; productId?: number }, signedIn: boolean): boolean {
  return !signedIn && seedFromFirstAnswer(client, claimableCouponsQuery(body, signedIn).queryKey, { endpoint: 'coupon', action: 'claimable', body });
}
