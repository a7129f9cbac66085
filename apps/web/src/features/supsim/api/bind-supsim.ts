import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** supsim.bind: binds a SuperSIM by ICCID with proof it is the customer's; the list shows it. Field errors are shown at the field. */
export const useBindSupsim = () => useEndpointMutation('supsim', 'bind', { invalidates: [endpointKey('supsim', 'list')] });
