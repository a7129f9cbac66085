import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** esim.remark: the customer's own note on an eSIM; the list and the detail show it. */
export const useRemarkEsim = () => useEndpointMutation('esim', 'remark', { invalidates: [endpointKey('esim')] });
