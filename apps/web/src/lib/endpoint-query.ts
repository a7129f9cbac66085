import { queryOptions } from '@tanstack/react-query';
import type { ActionName, EndpointName, RequestOf, ResponseOf } from '@simshop/contract';
import { endpointQueries, type EndpointCall, type ShopWire } from '@simshop/endpoint-query';
import { ApiError, call, type CallOptions } from './api-client';

/**
 * The shop's data layer: the shared endpoint-query helpers (keys derived from endpoint, action
 * and body; writes that name what they invalidate) bound to the shop's signed API client. Every
 * endpoint action has one file under features/<domain>/api/ built from these.
 */
// The same types reached through ShopWire: TypeScript cannot see that for a generic endpoint.
export const { endpointKey, endpointQuery, endpointInfiniteQuery, useEndpointMutation } = endpointQueries<ShopWire, CallOptions>(call as EndpointCall<ShopWire, CallOptions>);

/**
 * A search asked for when the customer submits it: the server answers "no search results"
 * (res.search.empty) as a refusal, which here is an answer, null, shown in place; any other
 * failure is the query's error, shown by the page. Not retried: the customer searches again.
 */
export function endpointSearchQuery<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A, body: RequestOf<E, A>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, action, body),
    queryFn: async ({ signal }): Promise<ResponseOf<E, A> | null> => {
      try {
        return await call(endpoint, action, body, { signal, silent: true });
      } catch (err) {
        if (err instanceof ApiError && err.i18n === 'res.search.empty') return null;
        throw err;
      }
    },
    retry: false,
  });
}
