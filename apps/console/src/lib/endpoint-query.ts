import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpointQueries, type ActionOf, type AdminWire, type BodyOf, type EndpointCall, type EndpointOf } from '@simshop/endpoint-query';
import { adminCall, type AdminCallOptions } from './api-client';

/**
 * The console's data layer, the shop's convention: the shared endpoint-query helpers (keys
 * derived from endpoint, action and body; writes that name what they invalidate) bound to the
 * console's cookie client. Every endpoint action has its query options or hook under
 * features/<domain>/api/ built from these; no key is written by hand.
 */
// The same types reached through AdminWire: TypeScript cannot see that for a generic endpoint.
export const { endpointKey, endpointQuery, useEndpointMutation } = endpointQueries<AdminWire, AdminCallOptions>(adminCall as EndpointCall<AdminWire, AdminCallOptions>);

/** A table's page: the rows shown stay while the next page, sort or filter loads. */
export function endpointListQuery<E extends EndpointOf<AdminWire>, A extends ActionOf<AdminWire, E>>(endpoint: E, action: A, body: BodyOf<AdminWire, E, A>) {
  return queryOptions({ ...endpointQuery(endpoint, action, body), placeholderData: keepPreviousData });
}
