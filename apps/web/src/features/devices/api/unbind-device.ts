import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** sim.unbind: the SIM leaves the customer's list. */
export const useUnbindDevice = () => useEndpointMutation('sim', 'unbind', { invalidates: [endpointKey('sim')] });
