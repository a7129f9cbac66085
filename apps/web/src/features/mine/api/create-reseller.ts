import { useEndpointMutation } from '@/lib/endpoint-query';

/** user.create_reseller: the customer's reseller account; the customer then signs in to it. */
export const useCreateReseller = () => useEndpointMutation('user', 'create_reseller', { invalidates: [] });
