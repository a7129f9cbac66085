import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** supsim.unbind: the SuperSIM leaves the customer's list. */
export const useUnbindSupsim = () => useEndpointMutation('supsim', 'unbind', { invalidates: [endpointKey('supsim')] });
