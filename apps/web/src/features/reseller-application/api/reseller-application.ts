import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** user.reseller_application: the customer's newest application to become a reseller, and whether they may apply. */
export function useMyResellerApplication() {
  return useQuery(endpointQuery('user', 'reseller_application', {}));
}

/** user.reseller_apply: sends the application; field errors are shown at the field by the form. */
export const useResellerApply = () => useEndpointMutation('user', 'reseller_apply', { invalidates: [endpointKey('user', 'reseller_application')], silent: true });
