import { useEndpointMutation } from '@/lib/endpoint-query';

/** resellerUser.switch_regular: a reseller continues as the regular account (a new session). */
export const useSwitchRegular = () => useEndpointMutation('resellerUser', 'switch_regular', { invalidates: [] });
