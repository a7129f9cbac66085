import { useEndpointMutation } from '@/lib/endpoint-query';

/** user.set_currency / resellerUser.set_currency: the signed-in account keeps the currency chosen in Mine. */
export const useSetAccountCurrency = () => useEndpointMutation('user', 'set_currency', { invalidates: [] });
export const useSetResellerCurrency = () => useEndpointMutation('resellerUser', 'set_currency', { invalidates: [] });
